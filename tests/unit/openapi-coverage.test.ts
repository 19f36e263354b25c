// The operation table (lib/operations) and the route files agree both ways: every exported method of a route file
// under app/v3 or app/admin/api is `route(api.<operationId>, …)` of an entry with that method and path, and every
// entry has its route file. The edge answers 404/405 under /v3 from the table, so a route missing from it would be
// refused; an entry without a route would be a documented lie. Also: the document generated from the table is sound.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { route } from "@/lib/http/route";
import { dashboardOperations, v3Operations, type Operation } from "@/lib/operations";
import { getMember } from "@/modules/members/operations/api";

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** "METHOD /path operationId" for every export of the route files under `root` (operationId "?" when not route(api.x)). */
function exportsUnder(root: string): string[] {
  return routeFiles(root).flatMap((file) => {
    const apiPath = path
      .dirname(path.relative(root, file))
      .split(path.sep)
      .map((segment) => segment.replace(/^\[(.+)\]$/, "{$1}"))
      .join("/");
    const source = fs.readFileSync(file, "utf8");
    return [...source.matchAll(/export (?:const|async function|function) (\w+)(?: = route\(\s*api\.(\w+))?/g)].map(
      ([, method, operationId]) => `${method} /${apiPath === "." ? "" : apiPath} ${operationId ?? "?"}`,
    );
  });
}

const declared = (operations: Operation[]) =>
  operations.map((op) => `${op.method.toUpperCase()} ${op.path} ${op.operationId}`);

describe("the operation table", () => {
  for (const [root, operations] of [
    [path.join("app", "v3"), v3Operations],
    [path.join("app", "admin", "api"), dashboardOperations],
  ] as const) {
    it(`has exactly one entry per exported method under ${root}, which the route passes to route()`, () => {
      const onDisk = exportsUnder(root).sort();
      const inTable = declared(operations).sort();
      expect(onDisk.length).toBeGreaterThan(20);
      expect(
        onDisk.filter((e) => !inTable.includes(e)),
        "route exports without their entry",
      ).toEqual([]);
      expect(
        inTable.filter((e) => !onDisk.includes(e)),
        "entries without their route",
      ).toEqual([]);
    });
  }

  it("names each operation once across both surfaces", () => {
    const ids = [...v3Operations, ...dashboardOperations].map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("types a handler's input and value from its entry (npx tsc checks the expected errors below)", () => {
    const handlers = [
      // @ts-expect-error the service's value lacks most of MemberView
      route(getMember, async () => ({ id: 1 })),
      // @ts-expect-error params.id is a number (the route parses the path segment), not text
      route(getMember, async ({ params }) => params.id.toUpperCase()),
      route(getMember, async ({ params }) => new Response(String(params.id + 1))),
    ];
    expect(handlers.every((handler) => typeof handler === "function")).toBe(true);
  });

  it("gives every path parameter a schema and nothing else one", () => {
    for (const op of [...v3Operations, ...dashboardOperations]) {
      const inPath = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const parsed = Object.keys(op.params?.shape ?? {}).sort();
      expect(parsed, `${op.method} ${op.path}`).toEqual(inPath);
    }
  });
});

describe("OpenAPI document", () => {
  const doc = buildOpenApiDocument("http://localhost/v3");

  it("lists the /v3 operations and none of the dashboard's", () => {
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(documented.sort()).toEqual(v3Operations.map((op) => `${op.method} ${op.path}`).sort());
  });

  it("is OpenAPI 3.1 with resolvable component references", () => {
    expect(doc.openapi).toBe("3.1.0");
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\/[A-Za-z]+$/);
      expect(doc.components.schemas).toHaveProperty(ref.split("/").pop()!);
    }
  });

  it("says what each bearer operation needs, from the table", () => {
    type Documented = { description?: string };
    const paths = doc.paths as Record<string, Record<string, Documented>>;
    const updateMember = v3Operations.find((op) => op.operationId === "updateMember")!;
    expect(paths[updateMember.path].put.description).toMatch(
      /^Needs the `member` module and the `MEMBER.U` permission\. /,
    );
    for (const op of v3Operations.filter((o) => o.auth === "bearer")) {
      const description = paths[op.path][op.method].description ?? "";
      if (op.module) expect(description, op.operationId).toContain(`\`${op.module}\` module`);
      if (op.permission) expect(description, op.operationId).toContain(`\`${op.permission}\` permission`);
    }
  });

  it("describes a path parameter with the schema the route parses (text of digits, not a JSON integer)", () => {
    const getMember = (doc.paths["/member/{id}"] as { get: { parameters: { name: string; schema: object }[] } }).get;
    expect(getMember.parameters).toEqual([
      { name: "id", in: "path", required: true, schema: { type: "string", pattern: "^[0-9]{1,10}$" } },
    ]);
  });
});
