// What a request may be before Next.js or any handler sees it (server.ts calls this first for every request):
// - a path with malformed percent-encoding (`%FF`, an overlong UTF-8 sequence) would be a plain-text 500 from the
//   framework; each such segment is re-escaped so the route sees its literal text and answers as for any unknown id;
// - a request is answered by the route its path names, or refused: the router resolves dot segments as URLs do, and
//   takes `%2E` for a dot, so `/v3/subscription_list/unsubscribe/%2E%2E/1` reached `/v3/subscription_list/1`. A dot
//   segment written percent-encoded is re-escaped like a malformed one (an id to the route the literal path names);
//   a plain `.` or `..` (clients resolve them; `curl --path-as-is` does not) is a 308 to the path it resolves to;
// - a declared body larger than its path's limit (bodyLimitFor) is 413 at once; lib/http/connection-limits.ts counts
//   what arrives, and the route wrapper what it reads;
// - a method no route answers (TRACE, CONNECT, anything unknown) is 405 with Allow on every path: Next.js answered
//   `TRACE /admin` with a 500;
// - a POST to a page (a server action) from another site, its Origin not this host, is 403 (Next.js: a 500);
// - under /v3 an unknown path is 404 and a known path with another method 405, both JSON, from the operation table
//   (lib/operations; tests/unit/openapi-coverage.test.ts keeps that table equal to the route files).
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { v3Operations } from "../operations";
import { bodyTooLargeReason } from "./body";
import { bodyLimitFor } from "./connection-limits";
import { lingerOnClose } from "./linger";

export interface EdgeRefusal {
  status: number;
  body: { reason: string };
  headers: Record<string, string>;
}

/** The target split before its query (or fragment): the path, and the rest as it was. */
function splitTarget(target: string): [path: string, rest: string] {
  const queryAt = target.search(/[?#]/);
  return queryAt === -1 ? [target, ""] : [target.slice(0, queryAt), target.slice(queryAt)];
}

/** `.` or `..` with any of its dots written `%2E`, which a URL parser resolves as it resolves the plain ones. */
const ENCODED_DOT_SEGMENT = /^(?=.*%)(?:\.|%2e){1,2}$/i;

/**
 * The request target with every path segment that does not decode as UTF-8, or that is a percent-encoded dot
 * segment, escaped to its literal text.
 */
export function repairPercentEncoding(target: string): string {
  const [path, rest] = splitTarget(target);
  if (!path.includes("%")) return target;
  const segments = path.split("/");
  const literal = (segment: string) => !decodes(segment) || ENCODED_DOT_SEGMENT.test(segment);
  if (!segments.some(literal)) return target;
  return segments.map((segment) => (literal(segment) ? segment.replaceAll("%", "%25") : segment)).join("/") + rest;
}

/** 308 to the path a plain dot segment resolves to, the query kept; null when the path has none. */
export function redirectDotSegments(target: string): EdgeRefusal | null {
  const [path, rest] = splitTarget(target);
  if (!path.split("/").some((segment) => segment === "." || segment === "..")) return null;
  // One leading slash: `/x/..//host` resolves to `//host`, which a client reads as another host.
  const resolved = new URL(`http://edge.invalid${path}`).pathname.replace(/^\/+/, "/");
  const location = resolved + rest;
  return { status: 308, body: { reason: `dot segments resolved: ${location}` }, headers: { location } };
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

interface V3Route {
  pattern: RegExp;
  methods: Set<string>;
  params: number;
}

let v3Routes: V3Route[] | null = null;

/** The /v3 operations grouped by path; `{param}` matches one segment. */
function routeTable(): V3Route[] {
  if (v3Routes) return v3Routes;
  const byPath = new Map<string, Set<string>>();
  for (const op of v3Operations) {
    const methods = byPath.get(op.path) ?? new Set<string>();
    methods.add(op.method.toUpperCase());
    byPath.set(op.path, methods);
  }
  v3Routes = [...byPath].map(([path, methods]) => {
    if (methods.has("GET")) methods.add("HEAD");
    methods.add("OPTIONS"); // answered by Next.js with the Allow header
    const source = path
      .split("/")
      .map((segment) => (/^\{.+\}$/.test(segment) ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    return { pattern: new RegExp(`^/v3${source}/?$`), methods, params: path.split("{").length - 1 };
  });
  // As in Next.js's routing, a literal segment beats a parameter: /events/list before /events/{id}.
  v3Routes.sort((a, b) => a.params - b.params);
  return v3Routes;
}

/** 404 / 405 for /v3 requests that no route handles; null when a route does (or the path is not under /v3). */
export function refuseUnroutedV3(pathname: string, method: string): EdgeRefusal | null {
  if (pathname !== "/v3" && !pathname.startsWith("/v3/")) return null;
  const route = routeTable().find((r) => r.pattern.test(pathname));
  if (!route) return { status: 404, body: { reason: "not found" }, headers: {} };
  if (route.methods.has(method.toUpperCase())) return null;
  const allow = [...route.methods].join(", ");
  return { status: 405, body: { reason: `method not allowed; use ${allow}` }, headers: { allow } };
}

/** 413 when the declared Content-Length exceeds the limit; a body without one is counted while it is read. */
export function refuseDeclaredBodySize(contentLength: string | undefined, limit: number): EdgeRefusal | null {
  if (contentLength === undefined) return null;
  const length = Number(contentLength);
  if (!Number.isFinite(length) || length <= limit) return null;
  return { status: 413, body: { reason: bodyTooLargeReason(limit) }, headers: { connection: "close" } };
}

const ROUTED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** 405 for a method no page or route handler answers; null for the others. */
export function refuseUnknownMethod(method: string): EdgeRefusal | null {
  if (ROUTED_METHODS.includes(method.toUpperCase())) return null;
  const allow = ROUTED_METHODS.join(", ");
  return { status: 405, body: { reason: `method not allowed; use ${allow}` }, headers: { allow } };
}

/**
 * 403 for a POST to a page (a server action: with JavaScript a `Next-Action` request, without it a form whose body
 * names the action) whose Origin names another host than the request's, as Next.js compares them (X-Forwarded-Host,
 * else Host): a cross-site request riding a dashboard session. Next.js refuses it too, but after reading the body and
 * as a 500. /v3 is an API other sites may call (CORS) and next-auth checks its own CSRF token, so both are left out.
 * Without an Origin header the request goes on to Next.js, which decides as before.
 */
export function refuseCrossSitePost(
  method: string,
  pathname: string,
  headers: IncomingMessage["headers"],
): EdgeRefusal | null {
  if (method.toUpperCase() !== "POST" || headers.origin === undefined) return null;
  if (pathname.startsWith("/v3/") || pathname.startsWith("/api/auth/")) return null;
  const forwarded = headers["x-forwarded-host"];
  const host = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0].trim() || headers.host;
  let originHost: string | null = null;
  try {
    originHost = new URL(headers.origin).host;
  } catch {
    originHost = null; // "null" (a sandboxed or privacy-sensitive context) and garbage name no host
  }
  if (originHost && host && originHost.toLowerCase() === host.toLowerCase()) return null;
  return { status: 403, body: { reason: "cross-site request refused" }, headers: {} };
}

/**
 * The edge for one request: repairs its target in place, and answers it when it is refused (returns true). A JSON
 * refusal carries the request id the route wrapper would have given it.
 */
export function answerAtEdge(req: IncomingMessage, res: ServerResponse, maxBodyBytes: number): boolean {
  req.url = repairPercentEncoding(req.url ?? "/");
  const pathname = req.url.split(/[?#]/)[0];
  const refusal =
    refuseUnknownMethod(req.method ?? "GET") ??
    refuseDeclaredBodySize(req.headers["content-length"], bodyLimitFor(pathname, maxBodyBytes)) ??
    redirectDotSegments(req.url) ??
    refuseCrossSitePost(req.method ?? "GET", pathname, req.headers) ??
    refuseUnroutedV3(pathname, req.method ?? "GET");
  if (!refusal) return false;
  const requestId =
    (typeof req.headers["x-request-id"] === "string" && req.headers["x-request-id"].slice(0, 64)) ||
    crypto.randomUUID();
  res.writeHead(refusal.status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-request-id": requestId,
    ...refusal.headers,
  });
  res.end(JSON.stringify(refusal.body));
  if (refusal.status === 413) {
    // What the client still sends is read and dropped until it is done (or the linger's bounds), then the socket closes.
    const discard = lingerOnClose(req.socket);
    req.on("data", discard);
  }
  return true;
}
