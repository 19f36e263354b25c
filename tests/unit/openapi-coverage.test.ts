// Every /v3 route handler is documented in the OpenAPI document, with the method it exports.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/document";

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

describe("OpenAPI document", () => {
  const doc = buildOpenApiDocument("http://localhost/v3");

  // The edge (lib/http/edge.ts) answers 404 and 405 under /v3 from the documented operations, so the two must agree
  // both ways: a route missing from the document would be refused, a documented operation without a route is a lie.
  it("documents exactly the exported methods of the /v3 routes", () => {
    const exported = new Set<string>();
    for (const file of routeFiles(path.join("app", "v3"))) {
      const apiPath = path
        .dirname(path.relative(path.join("app", "v3"), file))
        .split(path.sep)
        .map((segment) => segment.replace(/^\[(.+)\]$/, "{$1}"))
        .join("/");
      if (apiPath === "openapi.json") continue;
      const source = fs.readFileSync(file, "utf8");
      for (const [, method] of source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g)) {
        exported.add(`${method} /${apiPath}`);
      }
    }
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    expect([...exported].filter((op) => !documented.has(op)), "routes without documentation").toEqual([]);
    expect([...documented].filter((op) => !exported.has(op)), "documented operations without a route").toEqual([]);
  });

  it("is OpenAPI 3.1 with resolvable component references", () => {
    expect(doc.openapi).toBe("3.1.0");
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(doc.components.schemas, ref).toHaveProperty(ref);
  });
});
