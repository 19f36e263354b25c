// lib/http/edge.ts: what a request may be before the framework sees it.
import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { refuseDeclaredBodySize, refuseUnroutedV3, repairPercentEncoding } from "@/lib/http/edge";
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
  .array(fc.oneof(fc.string({ unit: "grapheme-ascii", maxLength: 6 }), fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`), fc.constant("/")), { maxLength: 20 })
  .chain((parts) => fc.option(fc.string({ maxLength: 10 }), { nil: undefined }).map((query) => `/${parts.join("")}${query === undefined ? "" : `?${query}`}`));

describe("repairPercentEncoding", () => {
  test.prop([target])("always leaves a path that decodes, and the query as it was", (t) => {
    const repaired = repairPercentEncoding(t);
    const [path] = repaired.split(/[?#]/);
    expect(decodes(path)).toBe(true);
    const queryAt = t.search(/[?#]/);
    if (queryAt !== -1) expect(repaired.endsWith(t.slice(queryAt))).toBe(true);
  });

  test.prop([target])("changes nothing that already decodes, and is idempotent", (t) => {
    const [path] = t.split(/[?#]/);
    if (decodes(path)) expect(repairPercentEncoding(t)).toBe(t);
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
    expect(refuseDeclaredBodySize("11", 10)).toMatchObject({ status: 413, body: { reason: "request body too large (limit 10 bytes)" } });
  });
});
