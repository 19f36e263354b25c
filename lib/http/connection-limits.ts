// What one client may hold of the server, decided before any body is read (server.ts calls guardRequest after the
// edge): 500 sockets from one address each posting 1 MB to a server action once took the server from 397 to 722 MB
// resident, because Next.js buffers a server action's body whole before it looks at it.
// - at most `maxConcurrentPerClient` requests with a body in flight per client address (lib/http/client-ip.ts decides
//   it); the excess is 503 with Retry-After at once, its body never read;
// - a body is counted as it arrives, whatever Content-Length said (chunked included): past the path's limit
//   (bodyLimitFor; a declared size over it is refused by lib/http/edge.ts) the request is 413 and the connection
//   closed, so at most that much of it was ever buffered;
// - a server action's body is also counted for nesting depth as it arrives: React decodes it recursively, and a body
//   nested 100,000 levels deep overflowed the stack (a 500). Every value a service accepts is at most
//   MAX_INPUT_DEPTH (32) deep, so anything past MAX_ACTION_BODY_DEPTH is 400 before Next sees it.
// How long a slow client may hold a socket is Node's headersTimeout / requestTimeout, set in server.ts.
import type { IncomingMessage, ServerResponse } from "node:http";
import { bodyTooLargeReason } from "./body";
import { clientIp, SOCKET_IP_HEADER } from "./client-ip";
import { lingerOnClose } from "./linger";
import { logger } from "../logger";
import { IMPORT_MAX_BYTES } from "@/modules/imports/schemas/imports";

export const MAX_ACTION_BODY_DEPTH = 256;
/** next-auth reads small forms (sign-in, sign-out); nothing it is sent legitimately comes near this. */
const AUTH_BODY_BYTES = 64 * 1024;
/** Next.js's own limit for server action bodies (`serverActions.bodySizeLimit`, "1mb"). */
const ACTION_BODY_BYTES = 1024 * 1024;

interface ClientLimits {
  maxBodyBytes: number;
  maxConcurrentPerClient: number;
  trustProxyHops: number;
}

/** The largest body the handler of this path reads: /v3 its MAX_BODY_BYTES, next-auth its forms, pages their actions. */
export function bodyLimitFor(pathname: string, maxBodyBytes: number): number {
  // The upload of an import (docs/api.md "Import"), through the API or the dashboard: the file is streamed to disk, never buffered.
  if (pathname === "/v3/imports" || pathname === "/admin/api/imports") return Math.max(maxBodyBytes, IMPORT_MAX_BYTES);
  if (pathname === "/v3" || pathname.startsWith("/v3/")) return maxBodyBytes;
  if (pathname.startsWith("/api/auth/")) return AUTH_BODY_BYTES;
  return ACTION_BODY_BYTES;
}

/** Whether Next.js decodes this request's body as a server action (with JavaScript: the header; without: a form POST). */
function mayBeServerAction(req: IncomingMessage, pathname: string): boolean {
  if (pathname === "/v3" || pathname.startsWith("/v3/") || pathname.startsWith("/api/")) return false;
  // The dashboard's import upload is a route handler whose body is a file (an .xlsx is binary), not an action.
  if (pathname === "/admin/api/imports") return false;
  return req.method === "POST" || req.headers["next-action"] !== undefined;
}

/**
 * Nesting depth of JSON text fed in chunks; a quote opens or closes a string (brackets in strings do not count), a
 * line break ends one (JSON strings hold none, and a multipart body's part headers start on lines of their own).
 */
export class DepthCounter {
  depth = 0;
  max = 0;
  private inString = false;
  private escaped = false;

  feed(chunk: Uint8Array): number {
    for (const byte of chunk) {
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === 0x5c) this.escaped = true;
        else if (byte === 0x22 || byte === 0x0a) this.inString = false;
      } else if (byte === 0x22) this.inString = true;
      else if (byte === 0x5b || byte === 0x7b) this.max = Math.max(this.max, ++this.depth);
      else if ((byte === 0x5d || byte === 0x7d) && this.depth > 0) this.depth -= 1;
    }
    return this.max;
  }
}

/**
 * Answers `status` and closes the connection once the answer is out (lingering: lib/http/linger.ts); returns where the
 * body's remaining chunks go.
 */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  reason: string,
  headers: Record<string, string> = {},
) {
  const discard = lingerOnClose(req.socket);
  if (!res.headersSent) {
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      connection: "close",
      ...headers,
    });
    res.end(JSON.stringify({ reason }));
  } else {
    // A handler had begun its answer: the connection ends with it.
    res.once("finish", () => req.socket.destroy());
  }
  return discard;
}

/** Requests with a body in flight per client address. */
const inFlight = new Map<string, number>();

/** Counts the request against its client's cap until it is answered; false (and 503) past the cap. */
function admit(req: IncomingMessage, res: ServerResponse, limits: ClientLimits): boolean {
  const headers = new Headers();
  for (const name of [SOCKET_IP_HEADER, "x-forwarded-for"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  const client = clientIp(headers, limits.trustProxyHops);
  const current = inFlight.get(client) ?? 0;
  if (current >= limits.maxConcurrentPerClient) {
    const discard = refuse(
      req,
      res,
      503,
      `too many requests in flight from this client (limit ${limits.maxConcurrentPerClient})`,
      { "retry-after": "1" },
    );
    req.on("data", discard);
    return false;
  }
  inFlight.set(client, current + 1);
  res.once("close", () => {
    const left = (inFlight.get(client) ?? 1) - 1;
    if (left > 0) inFlight.set(client, left);
    else inFlight.delete(client);
  });
  return true;
}

/**
 * Applies the limits to one request; returns true when it was refused (answered, nothing of its body read). Otherwise
 * its body is counted as the handler reads it, and refused mid-stream when it passes a limit.
 */
export function guardRequest(req: IncomingMessage, res: ServerResponse, limits: ClientLimits): boolean {
  // Bodies are what a client makes the server buffer; a request without one is read whole with its headers (a page
  // loads dozens of assets at once, and the public API's own rate limits answer a burst of GETs).
  const contentLength = req.headers["content-length"];
  if ((contentLength !== undefined && contentLength !== "0") || req.headers["transfer-encoding"] !== undefined) {
    if (!admit(req, res, limits)) return true;
  }
  logAbort(req, res);

  const pathname = (req.url ?? "/").split(/[?#]/)[0];
  const limit = bodyLimitFor(pathname, limits.maxBodyBytes);
  countBody(req, res, limit, mayBeServerAction(req, pathname) ? new DepthCounter() : null);
  return false;
}

/** Counts every chunk of the body as Node hands it to the request stream, before any handler can buffer it. */
function countBody(req: IncomingMessage, res: ServerResponse, limit: number, depth: DepthCounter | null) {
  let size = 0;
  let discard: ((chunk: Uint8Array) => void) | null = null;
  const push = req.push.bind(req);
  // After a refusal the body is dropped here, before the handler sees it, and push answers true so Node keeps reading.
  req.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
    if (discard) {
      if (chunk) discard(chunk);
      return true;
    }
    if (chunk) {
      size += chunk.byteLength;
      if (size > limit) {
        discard = refuse(req, res, 413, bodyTooLargeReason(limit));
        return true;
      }
      if (depth && depth.feed(chunk) > MAX_ACTION_BODY_DEPTH) {
        discard = refuse(req, res, 400, `request body nested too deeply (limit ${MAX_ACTION_BODY_DEPTH} levels)`);
        return true;
      }
    }
    return push(chunk, encoding);
  };
}

/**
 * A client that goes away before its request is answered is one short line, not an error: handlers reading its body
 * see Node's "aborted" (ECONNRESET), whose stack says nothing about the client (server.ts keeps it out of the log).
 */
function logAbort(req: IncomingMessage, res: ServerResponse) {
  res.once("close", () => {
    if (res.writableFinished) return;
    logger().info(
      { method: req.method, path: (req.url ?? "/").split("?")[0], complete: req.complete },
      "request aborted by the client",
    );
  });
}

/** Node's "aborted" error of a request whose client went away mid-body. */
export function isClientAbort(value: unknown): boolean {
  const error = value as { code?: unknown; message?: unknown } | null;
  return typeof error === "object" && error !== null && error.code === "ECONNRESET" && error.message === "aborted";
}
