// Text put into hand-written HTML (double-quoted attributes and element text). No server code: the dashboard's
// share panel uses it in the browser, the hosted page's outage answer (lib/http/unavailable-page.ts) on the server.
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
