// lib/http/edge.ts: what a request may be before the framework sees it.
import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { bodyLimitFor, DepthCounter, MAX_ACTION_BODY_DEPTH } from "@/lib/http/connection-limits";
import {
  redirectDotSegments,
  refuseCrossSitePost,
  refuseDeclaredBodySize,
  refuseUnknownMethod,
  refuseUnroutedV3,
  repairPercentEncoding,
} from "@/lib/http/edge";
import { dashboardOperations, v3Operations } from "@/lib/operations";

const decodes = (text: string) => {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};

/** Request targets as a hostile client writes them: text, raw bytes as %XX, slashes and a query. */
const target = fc
  .array(
    fc.oneof(
      fc.string({ unit: "grapheme-ascii", maxLength: 6 }),
      fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`),
      fc.constant("/"),
    ),
    { maxLength: 20 },
  )
  .chain((parts) =>
    fc
      .option(fc.string({ maxLength: 10 }), { nil: undefined })
      .map((query) => `/${parts.join("")}${query === undefined ? "" : `?${query}`}`),
  );

describe("repairPercentEncoding", () => {
  test.prop([target])("always leaves a path that decodes, and the query as it was", (t) => {
    const repaired = repairPercentEncoding(t);
    const [path] = repaired.split(/[?#]/);
    expect(decodes(path)).toBe(true);
    const queryAt = t.search(/[?#]/);
    if (queryAt !== -1) expect(repaired.endsWith(t.slice(queryAt))).toBe(true);
  });

  test.prop([target])("changes nothing that already decodes and names no dot segment, and is idempotent", (t) => {
    const [path] = t.split(/[?#]/);
    if (decodes(path) && !/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(path)) expect(repairPercentEncoding(t)).toBe(t);
    expect(repairPercentEncoding(repairPercentEncoding(t))).toBe(repairPercentEncoding(t));
  });

  it("turns a malformed segment into its literal text and keeps the good ones", () => {
    expect(repairPercentEncoding("/v3/company/%FF/fk?x=%FF")).toBe("/v3/company/%25FF/fk?x=%FF");
    expect(repairPercentEncoding("/subscribe/%C3%A5%C0%AF/x%20y")).toBe("/subscribe/%25C3%25A5%25C0%25AF/x%20y");
    expect(decodeURIComponent("/v3/company/%25FF/fk")).toBe("/v3/company/%FF/fk");
  });
});

describe("refuseUnroutedV3", () => {
  it("passes documented operations, HEAD and OPTIONS, and everything outside /v3", () => {
    expect(refuseUnroutedV3("/v3/company/fk", "GET")).toBeNull();
    expect(refuseUnroutedV3("/v3/company/abc/fk", "PUT")).toBeNull();
    expect(refuseUnroutedV3("/v3/openapi.json", "GET")).toBeNull();
    expect(refuseUnroutedV3("/v3/company", "HEAD")).toBeNull();
    expect(refuseUnroutedV3("/v3/company", "OPTIONS")).toBeNull();
    expect(refuseUnroutedV3("/admin/anything", "DELETE")).toBeNull();
    expect(refuseUnroutedV3("/v3x", "GET")).toBeNull();
  });

  it("routes every /v3 operation of the operation table, and not the dashboard's data routes", () => {
    for (const op of v3Operations) {
      expect(refuseUnroutedV3(`/v3${op.path.replace(/\{[^}]+\}/g, "7")}`, op.method), op.operationId).toBeNull();
    }
    const overview = dashboardOperations.find((op) => op.operationId === "dashboardOverview")!;
    expect(refuseUnroutedV3(`/v3${overview.path}`, overview.method)?.status).toBe(404);
  });

  it("404 for unknown paths, 405 with Allow for other methods", () => {
    expect(refuseUnroutedV3("/v3/nothing", "GET")).toMatchObject({ status: 404, body: { reason: "not found" } });
    expect(refuseUnroutedV3("/v3", "GET")).toMatchObject({ status: 404 });
    expect(refuseUnroutedV3("/v3/company/fk", "DELETE")).toEqual({
      status: 405,
      body: { reason: "method not allowed; use GET, HEAD, OPTIONS" },
      headers: { allow: "GET, HEAD, OPTIONS" },
    });
    // /events/list is its own route, not /events/{id} (which has PUT and DELETE).
    expect(refuseUnroutedV3("/v3/events/list", "DELETE")?.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(refuseUnroutedV3("/v3/events/7", "DELETE")).toBeNull();
  });
});

describe("refuseDeclaredBodySize", () => {
  it("413 only when the declared length is over the limit", () => {
    expect(refuseDeclaredBodySize(undefined, 10)).toBeNull();
    expect(refuseDeclaredBodySize("10", 10)).toBeNull();
    expect(refuseDeclaredBodySize("nonsense", 10)).toBeNull();
    expect(refuseDeclaredBodySize("11", 10)).toMatchObject({
      status: 413,
      body: { reason: "request body too large (limit 10 bytes)" },
    });
  });
});

describe("refuseUnknownMethod", () => {
  it("405 with Allow for TRACE, CONNECT and methods no route has; the routed ones pass", () => {
    for (const method of ["TRACE", "CONNECT", "PROPFIND", "FOO"]) {
      expect(refuseUnknownMethod(method), method).toMatchObject({
        status: 405,
        headers: { allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" },
      });
    }
    for (const method of ["GET", "head", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
      expect(refuseUnknownMethod(method), method).toBeNull();
  });
});

describe("bodyLimitFor", () => {
  it("/v3 its setting, next-auth its small forms, every other path Next.js's 1 MB for server actions", () => {
    expect(bodyLimitFor("/v3/company", 5000)).toBe(5000);
    expect(bodyLimitFor("/api/auth/callback/credentials", 5000)).toBe(64 * 1024);
    expect(bodyLimitFor("/subscribe/x", 5000)).toBe(1024 * 1024);
  });
});

describe("DepthCounter", () => {
  const depthOf = (...chunks: string[]) => {
    const counter = new DepthCounter();
    for (const chunk of chunks) counter.feed(Buffer.from(chunk));
    return counter.max;
  };

  it("counts nesting across chunks, not brackets inside strings", () => {
    expect(depthOf('{"a":[1,[2', "]],", '"b":{}}')).toBe(3);
    expect(depthOf(String.raw`["[[[[", "\\"`, String.raw`, "\"[[["]`)).toBe(1);
    expect(depthOf("[".repeat(MAX_ACTION_BODY_DEPTH + 1))).toBe(MAX_ACTION_BODY_DEPTH + 1);
  });

  it("closing brackets inside strings do not hide depth, and a line break ends an unclosed string", () => {
    expect(depthOf('[ "]]]" [ "]]]" [')).toBe(3);
    expect(depthOf('"unclosed', "[[[")).toBe(0);
    expect(depthOf('"unclosed\r\n', "[[[")).toBe(3);
  });
});

// A request is answered by the route its path names, or refused. Routers resolve dot segments as URLs do, and a URL
// parser takes `%2E` for a dot (WHATWG URL), so `/unsubscribe/%2E%2E/1` reached `/subscription_list/1` (fuzz seed
// 660511707, tests/fuzz/regressions.ts).
describe("dot segments", () => {
  const base = "http://edge.invalid";
  const segmentsOf = (path: string) => path.split("/").length;

  it("a percent-encoded dot segment is re-escaped, so the route of the literal path sees it as an id", () => {
    expect(repairPercentEncoding("/v3/subscription_list/unsubscribe/%2E%2E/1?page=%2E%2E")).toBe(
      "/v3/subscription_list/unsubscribe/%252E%252E/1?page=%2E%2E",
    );
    for (const [segment, escaped] of [
      ["%2e%2e", "%252e%252e"],
      [".%2E", ".%252E"],
      ["%2e.", "%252e."],
      ["%2E", "%252E"],
      ["%2e", "%252e"],
    ]) {
      expect(repairPercentEncoding(`/subscribe/${segment}`), segment).toBe(`/subscribe/${escaped}`);
    }
    expect(decodeURIComponent("/subscribe/%252E%252E")).toBe("/subscribe/%2E%2E");
    // Text around the dots makes an ordinary segment.
    expect(repairPercentEncoding("/v3/member/%2E%2E%2E")).toBe("/v3/member/%2E%2E%2E");
    expect(repairPercentEncoding("/v3/member/a%2E%2E")).toBe("/v3/member/a%2E%2E");
  });

  const dotty = fc
    .array(
      fc.constantFrom("x", "1", "%2E", "%2e", ".%2E", "%2E.", "%2E%2E", "%2e%2E", "%2E%2E%2E", "%2F", "%FF", ".x", ""),
      { minLength: 1, maxLength: 8 },
    )
    .map((segments) => `/${segments.join("/")}`);

  test.prop([dotty])("no path without plain dots resolves to another path once repaired", (path) => {
    const repaired = repairPercentEncoding(path);
    expect(segmentsOf(new URL(base + repaired).pathname)).toBe(segmentsOf(repaired));
    expect(redirectDotSegments(repaired)).toBeNull();
  });

  it("a plain dot segment (curl --path-as-is sends one) is a 308 to the path it resolves to, query kept", () => {
    expect(redirectDotSegments("/v3/subscription_list/unsubscribe/../1")).toMatchObject({
      status: 308,
      headers: { location: "/v3/subscription_list/1" },
    });
    expect(redirectDotSegments("/v3/company/./fk?x=1")?.headers.location).toBe("/v3/company/fk?x=1");
    expect(redirectDotSegments("/subscribe/..")?.headers.location).toBe("/");
    expect(redirectDotSegments("/v3/company/fk")).toBeNull();
    expect(redirectDotSegments("/v3/company/..x/fk")).toBeNull();
  });

  test.prop([fc.array(fc.constantFrom("..", ".", "", "evil.example", "x", "%2F"), { maxLength: 6 })])(
    "the redirect never leaves the host",
    (segments) => {
      const answer = redirectDotSegments(`/${segments.join("/")}/..`);
      expect(answer?.headers.location).toMatch(/^\/(?!\/)/);
      expect(new URL(answer!.headers.location, base).host).toBe("edge.invalid");
    },
  );
});

describe("refuseCrossSitePost", () => {
  const host = "forening.example:3000";
  it("refuses a POST to a page from another Origin, a look-alike host or an opaque one", () => {
    for (const origin of ["https://evil.example", "http://forening.example:3000.evil.example", "null", "not a url"]) {
      expect(
        refuseCrossSitePost("POST", "/admin/api-keys", { host, origin, "next-action": "abc" }),
        origin,
      ).toMatchObject({ status: 403 });
      expect(refuseCrossSitePost("POST", "/subscribe/x", { host, origin }), origin).toMatchObject({ status: 403 });
    }
  });

  it("lets through its own Origin (also behind a proxy), no Origin, other methods, /v3 and next-auth", () => {
    expect(refuseCrossSitePost("POST", "/admin", { host, origin: "http://forening.example:3000" })).toBeNull();
    expect(
      refuseCrossSitePost("POST", "/admin", {
        host: "127.0.0.1:3000",
        "x-forwarded-host": "Forening.example:3000",
        origin: "https://forening.example:3000",
      }),
    ).toBeNull();
    expect(refuseCrossSitePost("POST", "/admin", { host })).toBeNull();
    expect(refuseCrossSitePost("GET", "/admin", { host, origin: "https://evil.example" })).toBeNull();
    expect(
      refuseCrossSitePost("POST", "/v3/subscription_list/public/x", { host, origin: "https://klubben.example" }),
    ).toBeNull();
    expect(refuseCrossSitePost("POST", "/api/auth/signout", { host, origin: "https://evil.example" })).toBeNull();
  });
});
