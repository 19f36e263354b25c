// Large cached JSON bodies, gzipped once instead of per request. The register routes answer the same text
// until a company changes: 4.8 MB for the dashboard at 20,000 companies, which the server's compression took 180 ms of
// CPU to gzip on every request, against 60 ms for the rest. Here each such text is compressed once, off the event
// loop, and kept while it is served.
//
// Next.js drops a route's Content-Encoding (it takes every Response for one fetched and decoded elsewhere), so the
// route names its encoding in BODY_ENCODING_HEADER and marks the response no-transform (which keeps the server's
// compression from encoding it again); restoreBodyEncoding, installed by server.ts on every response, turns the
// header back into Content-Encoding as the headers go out. Without server.ts (`next dev`) nothing would, so a body is
// kept gzipped only for a request that server.ts marked (the same header on the request: what a client sends in it
// is replaced).
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { acceptsGzip } from "./accept-encoding";
import { jsonText } from "./responses";

const BODY_ENCODING_HEADER = "x-body-encoding";

const gzip = promisify(zlib.gzip);

/** Bodies from this length on are compressed once and kept; shorter ones the server compresses per request. */
const KEPT_GZIP_MIN_CHARS = 256 * 1024;
/** Compressed bodies kept, the oldest dropped first: each keeps its text alive too (the v3 and dashboard registers). */
const KEPT_GZIP_ENTRIES = 2;
const keptGzip = new Map<string, Promise<Buffer<ArrayBuffer>>>();

/** A JSON response of a cached serialized body: `text` is the same string for as long as the data is unchanged. */
export async function cachedJsonText(request: Request, text: string): Promise<Response> {
  const restored = request.headers.get(BODY_ENCODING_HEADER) === RESTORED;
  if (!restored || text.length < KEPT_GZIP_MIN_CHARS || !acceptsGzip(request.headers.get("accept-encoding")))
    return jsonText(text);
  let compressed = keptGzip.get(text);
  if (!compressed) {
    compressed = gzip(text) as Promise<Buffer<ArrayBuffer>>;
    keptGzip.set(text, compressed);
    if (keptGzip.size > KEPT_GZIP_ENTRIES) keptGzip.delete(keptGzip.keys().next().value!);
    compressed.catch(() => keptGzip.delete(text));
  }
  return new Response(await compressed, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      [BODY_ENCODING_HEADER]: "gzip",
      "cache-control": "no-store, no-transform",
      vary: "Accept-Encoding",
    },
  });
}

const RESTORED = "restored";

/**
 * Turns BODY_ENCODING_HEADER back into Content-Encoding when `res`'s headers are written (explicitly or by a first
 * write), and marks `req` as served so.
 */
export function restoreBodyEncoding(req: IncomingMessage, res: ServerResponse): void {
  req.headers[BODY_ENCODING_HEADER] = RESTORED;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    const encoding = this.getHeader(BODY_ENCODING_HEADER);
    if (encoding !== undefined) {
      this.removeHeader(BODY_ENCODING_HEADER);
      this.setHeader("content-encoding", encoding);
    }
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
