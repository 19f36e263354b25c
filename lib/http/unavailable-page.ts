// The hosted subscribe page while the database is unavailable: 503 with the Retry-After of every other 503
// (lib/errors.ts), in the visitor's language, readable without JavaScript. Next.js could only answer 500 and show its
// error boundary (app/error.tsx) after hydration, so a visitor without JavaScript would see an empty page. The page is
// self-contained (its few styles inline under the response's nonce): nothing it needs comes from the build.
import type { ServerResponse } from "node:http";
import { errorOutcome } from "../errors";
import { escapeHtml } from "../html-escape";
import type { Lang } from "../i18n/lang";
import { messages } from "@/modules/lists/texts/public-pages";
import { newNonce, pageSecurityHeaders } from "./content-security";

const STYLE =
  "body{margin:0;background:#f8fafc;color:#0f172a;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}" +
  "main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem}" +
  "div{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.25rem}" +
  "h1{font-size:1.25rem;font-weight:600;margin:0}p{color:#334155;margin:.5rem 0 1.25rem}" +
  "a{display:block;text-align:center;background:#1e40af;color:#fff;padding:.75rem 1rem;border-radius:.375rem;" +
  "font-weight:600;text-decoration:none}a:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}";

/** Answers `error` (a database outage) for the page at `path` (which the retry link loads again). */
export function sendUnavailablePage(res: ServerResponse, error: unknown, path: string, lang: Lang): void {
  const outcome = errorOutcome(error);
  const t = messages(lang);
  const nonce = newNonce();
  const html =
    `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(t.errorTitle)}</title><style nonce="${nonce}">${STYLE}</style></head>` +
    `<body><main><div><h1>${escapeHtml(t.errorTitle)}</h1><p>${escapeHtml(t.errorBody)}</p>` +
    `<a href="${escapeHtml(path)}">${escapeHtml(t.retry)}</a></div></main></body></html>`;
  res.writeHead(503, {
    ...pageSecurityHeaders(nonce),
    ...outcome?.headers,
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(html),
  });
  res.end(html);
}
