// What tools read from /v3/openapi.json: every answer an operation can give (generic ones included), examples that
// validate, request schemas that generators type as the server reads them, and tags and descriptions for people.
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { v3Operations } from "@/lib/operations";

type Schema = Record<string, unknown>;
type Media = { schema: Schema; example?: unknown };
type Response = { description: string; headers?: Record<string, unknown>; content?: Record<string, Media> };
type Op = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters: { name: string; schema: Schema }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Response>;
};

const doc = buildOpenApiDocument("http://localhost/v3");
const components = doc.components.schemas as Record<string, Schema>;
const operations = Object.entries(doc.paths as Record<string, Record<string, Op>>).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
);

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: "doc", components: { schemas: components } });
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
/** A validator of `schema`, whose "#/components/…" references point into the document added as "doc". */
function compile(schema: Schema) {
  const text = JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/');
  if (!compiled.has(text)) compiled.set(text, ajv.compile(JSON.parse(text)));
  return compiled.get(text)!;
}

/** Every schema object under `schema`, following component references once each. */
function* schemasUnder(schema: unknown, seen = new Set<string>()): Generator<Schema> {
  if (!schema || typeof schema !== "object") return;
  if (Array.isArray(schema)) {
    for (const item of schema) yield* schemasUnder(item, seen);
    return;
  }
  const node = schema as Schema;
  yield node;
  if (typeof node.$ref === "string") {
    const id = node.$ref.split("/").pop()!;
    if (!seen.has(id)) {
      seen.add(id);
      yield* schemasUnder(components[id], seen);
    }
  }
  for (const [key, value] of Object.entries(node)) if (key !== "examples") yield* schemasUnder(value, seen);
}

describe("the OpenAPI document for integrators", () => {
  it("describes every operation and every tag, in the declared order", () => {
    const tags = doc.tags.map((tag) => tag.name);
    for (const { name, op } of operations) {
      expect(op.summary, name).toBeTruthy();
      expect(op.description?.length ?? 0, `${name} has no description`).toBeGreaterThan(20);
      for (const tag of op.tags)
        expect(tags, `${name}: tag ${tag} is not described in lib/operations/tags.ts`).toContain(tag);
    }
    for (const tag of doc.tags) expect(tag, `tag ${tag.name}`).toHaveProperty("description");
    expect(tags.slice(0, 3)).toEqual(["Authentication", "Company", "Organization"]);
  });

  it("says nothing about how the service was made", () => {
    const texts = [
      doc.info.description,
      ...operations.flatMap(({ name, op }) => [
        `${name}: ${op.summary} ${op.description}`,
        ...Object.entries(op.responses).map(([status, response]) => `${name} ${status}: ${response.description}`),
      ]),
    ];
    const leaks = /Memlist|the contract|SQL statement|each instance|spec \d|EXISTS condition/i;
    expect(texts.filter((text) => leaks.test(text))).toEqual([]);
  });

  it("documents the answers every operation of a kind can give", () => {
    for (const { name, op } of operations) {
      const statuses = Object.keys(op.responses);
      expect(statuses, name).toContain("503");
      if (op.requestBody)
        for (const status of ["400", "413", "415"]) expect(statuses, `${name} ${status}`).toContain(status);
      if (op.parameters.length) expect(statuses, `${name} 400`).toContain("400");
      for (const [status, response] of Object.entries(op.responses)) {
        if (status === "429" || status === "503")
          expect(response.headers, `${name} ${status}`).toHaveProperty("Retry-After");
        if (status.startsWith("3")) expect(response.headers, `${name} ${status}`).toHaveProperty("Location");
      }
      const bearer = v3Operations.find((o) => o.operationId === op.operationId)!.auth === "bearer";
      if (bearer) expect(op.security, name).toEqual([{ bearer: [] }, { oauth2: [] }]);
    }
    expect(doc.components.securitySchemes.oauth2.flows.clientCredentials).toEqual({
      tokenUrl: "/v3/access/user/basic",
      refreshUrl: "/v3/access/user/basic",
      scopes: {},
    });
  });

  it("builds for a server URL without an origin too, as /docs asks for it", () => {
    const relative = buildOpenApiDocument("/v3");
    expect(relative.servers).toEqual([{ url: "/v3" }]);
    expect(relative.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl).toBe("/v3/access/user/basic");
  });

  it("has no safe-integer bounds and no schema that accepts anything in a union", () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
    for (const schema of schemasUnder(doc)) {
      for (const branch of (schema.anyOf ?? schema.oneOf ?? []) as Schema[])
        expect(Object.keys(branch).length, JSON.stringify(schema)).toBeGreaterThan(0);
    }
  });

  it("marks no request field with a default, which generators would make a client send", () => {
    for (const { name, op } of operations) {
      const inputs = [
        ...op.parameters.map((p) => p.schema),
        ...Object.values(op.requestBody?.content ?? {}).map((m) => m.schema),
      ];
      for (const schema of inputs.flatMap((s) => [...schemasUnder(s)]))
        expect(schema, name).not.toHaveProperty("default");
    }
    const page = components.MemberPaginationRequest as { required?: string[]; properties: Record<string, Schema> };
    expect(page.required ?? []).toEqual([]);
    expect(page.properties.limit.description).toContain("Default: `20`");
  });

  it("has a valid example for every request and response body", () => {
    const problems: string[] = [];
    for (const { name, op } of operations) {
      const bodies = [
        ...Object.entries(op.requestBody?.content ?? {}).map(([type, media]) => [`request ${type}`, media] as const),
        ...Object.entries(op.responses).flatMap(([status, r]) =>
          Object.entries(r.content ?? {}).map(([type, media]) => [`${status} ${type}`, media] as const),
        ),
      ];
      for (const [what, media] of bodies) {
        if (media.example === undefined) {
          problems.push(`${name} ${what}: no example`);
          continue;
        }
        const validate = compile(media.schema);
        if (!validate(media.example)) problems.push(`${name} ${what}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    for (const [id, schema] of Object.entries(components)) {
      for (const example of (schema.examples ?? []) as unknown[]) {
        const validate = compile({ $ref: `#/components/schemas/${id}` });
        if (!validate(example)) problems.push(`component ${id}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("has a validator that rejects a wrong example (so the test above can fail)", () => {
    expect(compile({ $ref: "#/components/schemas/Member" })({ id: "1873" })).toBe(false);
  });
});
