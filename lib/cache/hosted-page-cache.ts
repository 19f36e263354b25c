// The hosted subscribe page (app/subscribe/[uuid]) served from a template instead of being rendered per request.
// Everything on that page is the same for every visitor of a list in one language, except the CSP nonce. So:
// - a template is the page's HTML and headers exactly as Next.js rendered them for (list, query, language), fetched
//   from this very server over loopback with an internal header holding a per-process random secret (only a request
//   with that secret passes this cache to Next; anyone else's is served like any visitor's);
// - a template is valid while getPublicListInfo(uuid) returns the very object it was filled for: that function's cache
//   hands out a new object (or NotFound) as soon as anything the page shows changed;
// - each response gets a fresh nonce (lib/http/content-security.ts, as proxy.ts makes one) in place of every
//   occurrence of the template's nonce (a random 122-bit value: it occurs nowhere else; consent HTML is sanitized and
//   carries no nonce attribute), with the policy for that nonce. The browser therefore sees what Next.js would have sent.
// Anything else (another query, a router/RSC/action/prefetch request, HEAD, a 404 list) goes to Next untouched.
import crypto from "node:crypto";
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from "node:http";
import zlib from "node:zlib";
import { setNewest } from "./bounded-map";
import { isDatabaseUnavailable } from "../database-errors";
import { NotFound } from "../errors";
import { pickLanguage, type Lang } from "../i18n/lang";
import { getPublicListInfo } from "@/modules/lists/services/public-lists";
import { sendUnavailablePage } from "../http/unavailable-page";
import { newNonce, pageSecurityHeaders } from "../http/content-security";
import { canStitch, deflateParts, stitchGzip, type StitchedGzip } from "./stitched-gzip";
import { acceptsGzip } from "../http/accept-encoding";

/** Templates kept (a list has at most four: no query or ?lang=, each in two languages); least recently used go first. */
const MAX_ENTRIES = 200;
/** A template is refilled at least this often, whatever the list info says (bounds any missed invalidation). */
const MAX_AGE_MS = 60_000;
const FILL_TIMEOUT_MS = 10_000;
const FILL_HEADER = "x-hosted-page-fill";
const PAGE_PATH = /^\/subscribe\/([^/?#]+)(\?lang=(?:sv|en))?$/;
/** Request headers with which Next.js answers something else than the page's HTML (RSC payloads, actions, prefetches). */
const ROUTER_HEADER = /^(rsc|next-.*|x-middleware-.*|x-nextjs-.*|x-invoke-.*)$/;
/** Response headers not replayed: per connection or per response, or set from this cache's own values. */
const NOT_REPLAYED = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "date",
  "content-encoding",
]);

interface Template {
  info: unknown;
  filledAt: number;
  nonce: string;
  /** The HTML split at each occurrence of the template's nonce, and each part deflated once. */
  parts: Buffer[];
  gzip: StitchedGzip | null;
  headers: [string, string][];
}

type Next = () => void;

export interface HostedPageCache {
  /** Serves the request from a template, or calls next() to let Next.js handle it. */
  handle(req: IncomingMessage, res: ServerResponse, next: Next): void;
}

/** `loadInfo` is getPublicListInfo; tests/unit/hosted-page-cache.test.ts passes its own to count fills. */
export function createHostedPageCache(
  origin: { host: string; port: number },
  loadInfo: (uuid: string) => Promise<unknown> = getPublicListInfo,
): HostedPageCache {
  const secret = crypto.randomBytes(32).toString("hex");
  const templates = new Map<string, Template>();
  const fills = new Map<string, { info: unknown; done: Promise<Template | null> }>();

  function isFill(req: IncomingMessage): boolean {
    const value = req.headers[FILL_HEADER];
    if (value === undefined) return false;
    delete req.headers[FILL_HEADER]; // never reaches the page, right or wrong
    if (typeof value !== "string" || value.length !== secret.length) return false;
    return crypto.timingSafeEqual(Buffer.from(value), Buffer.from(secret));
  }

  function fill(key: string, path: string, lang: Lang, info: unknown): Promise<Template | null> {
    const running = fills.get(key);
    if (running && running.info === info) return running.done;
    const done = render(origin, path, lang, secret)
      .then((template) => {
        if (template) {
          template.info = info;
          setNewest(templates, key, template, MAX_ENTRIES);
        }
        return template;
      })
      .catch(() => null)
      .finally(() => {
        if (fills.get(key)?.done === done) fills.delete(key);
      });
    fills.set(key, { info, done });
    return done;
  }

  async function answer(req: IncomingMessage, res: ServerResponse, next: Next, uuid: string, path: string, lang: Lang) {
    let info: unknown;
    try {
      info = await loadInfo(uuid);
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
      return next(); // the page's 404
    }
    const key = `${path}|${lang}`;
    let template = templates.get(key);
    if (template && template.info === info && Date.now() - template.filledAt < MAX_AGE_MS) {
      setNewest(templates, key, template, MAX_ENTRIES); // most recently used last
    } else {
      template = (await fill(key, path, lang, info)) ?? undefined;
    }
    if (!template) return next();
    send(req, res, template);
  }

  return {
    handle(req, res, next) {
      if (isFill(req)) return next();
      const match = req.method === "GET" ? PAGE_PATH.exec(req.url ?? "") : null;
      if (!match || Object.keys(req.headers).some((name) => ROUTER_HEADER.test(name)) || isPrefetch(req)) return next();
      const requested = match[2]?.slice("?lang=".length);
      const lang = pickLanguage(requested, req.headers["accept-language"] ?? null);
      answer(req, res, next, match[1], req.url!, lang).catch((error) => {
        if (res.headersSent) return;
        if (isDatabaseUnavailable(error)) return sendUnavailablePage(res, error, req.url!, lang);
        next(); // Next.js renders any other error as it always did (app/error.tsx)
      });
    },
  };
}

function isPrefetch(req: IncomingMessage): boolean {
  return /prefetch/i.test(`${req.headers.purpose ?? ""} ${req.headers["sec-purpose"] ?? ""}`);
}

function send(req: IncomingMessage, res: ServerResponse, template: Template) {
  const nonce = newNonce();
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of template.headers) headers[name] = value.replaceAll(template.nonce, nonce);
  Object.assign(headers, pageSecurityHeaders(nonce));
  const value = Buffer.from(nonce);
  let body: Buffer[];
  if (acceptsGzip(req.headers["accept-encoding"])) {
    headers["content-encoding"] = "gzip";
    const stitch = template.gzip && template.gzip.valueLength === value.length;
    body = stitch ? stitchGzip(template.parts, template.gzip!, value) : [zlib.gzipSync(join(template.parts, value))];
  } else {
    body = interleave(template.parts, value);
  }
  headers["content-length"] = body.reduce((sum, chunk) => sum + chunk.length, 0);
  res.writeHead(200, headers);
  for (const chunk of body.slice(0, -1)) res.write(chunk);
  res.end(body[body.length - 1]);
}

function interleave(parts: Buffer[], value: Buffer): Buffer[] {
  return parts.flatMap((part, i) => (i === 0 ? [part] : [value, part]));
}

function join(parts: Buffer[], value: Buffer): Buffer {
  return Buffer.concat(interleave(parts, value));
}

/** Renders the page through this server (uncompressed); a template only of a plain 200 HTML page that sets no cookie. */
function render(
  origin: { host: string; port: number },
  path: string,
  lang: Lang,
  secret: string,
): Promise<Template | null> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: origin.host,
        port: origin.port,
        path,
        timeout: FILL_TIMEOUT_MS,
        headers: { [FILL_HEADER]: secret, "accept-encoding": "identity", "accept-language": lang },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => resolve(toTemplate(response, Buffer.concat(chunks).toString("utf8"))));
      },
    );
    request.on("timeout", () => request.destroy(new Error("hosted page fill timed out")));
    request.on("error", reject);
  });
}

function toTemplate(response: IncomingMessage, html: string): Template | null {
  const type = response.headers["content-type"] ?? "";
  if (response.statusCode !== 200 || !type.startsWith("text/html") || response.headers["set-cookie"]) return null;
  if (response.headers["content-encoding"] && response.headers["content-encoding"] !== "identity") return null;
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(response.headers["content-security-policy"] ?? ""))?.[1];
  if (!nonce) return null;
  const headers: [string, string][] = [];
  for (let i = 0; i < response.rawHeaders.length; i += 2) {
    const name = response.rawHeaders[i].toLowerCase();
    if (!NOT_REPLAYED.has(name)) headers.push([name, response.rawHeaders[i + 1]]);
  }
  const parts = html.split(nonce).map((part) => Buffer.from(part));
  return {
    info: null,
    filledAt: Date.now(),
    nonce,
    parts,
    gzip: canStitch ? deflateParts(parts, nonce.length) : null,
    headers,
  };
}
