// The /v3 GET links in sendouts lead to the hosted pages, keeping the query (token, lang).
export function redirectToHostedPage(request: Request, path: string): Response {
  const url = new URL(request.url);
  const segments = path.split("/").map(encodeURIComponent).join("/");
  return new Response(null, { status: 303, headers: { location: `${segments}${url.search}` } });
}
