// Builds the OpenAPI 3.1 document of /v3 from the operation table (lib/operations) with zod's own JSON Schema output.
// Named schemas (`.meta({ id })`) become components and every reference to one is `#/components/schemas/<id>`; the
// rest is inlined. The dashboard's data routes are in the table but not in this public document.
import { z } from "zod";
import { v3Operations, type Operation } from "../operations";
import { accessSentence, type ResponseDoc } from "../operations/operation";
import { databaseUnavailable, invalidToken } from "../operations/errors";
import { gettingStartedGuide } from "./guide";

type JsonSchema = Record<string, unknown>;
type Io = "input" | "output";

const componentUri = (id: string) => `#/components/schemas/${id}`;

/** Every schema an operation declares (request parts are read as input, responses as output). */
function declaredSchemas(op: Operation): { key: string; schema: z.ZodType; io: Io }[] {
  const parts: { key: string; schema: z.ZodType; io: Io }[] = [];
  for (const part of ["params", "query", "body"] as const) {
    const schema = op[part];
    if (schema) parts.push({ key: `${op.operationId}.${part}`, schema, io: "input" });
  }
  for (const [status, response] of Object.entries(documentedResponses(op))) {
    if (response.schema) parts.push({ key: `${op.operationId}.${status}`, schema: response.schema, io: "output" });
  }
  return parts;
}

/** What the document lists for an operation: its answers, plus the invalid-token 422 and the database 503 of all. */
function documentedResponses(op: Operation): Record<string, ResponseDoc> {
  return { ...op.responses, ...op.errors, ...(op.auth === "bearer" ? { 422: invalidToken } : {}), 503: databaseUnavailable };
}

/**
 * The named schemas (`.meta({ id })`) reachable from the declared ones, by id, found by walking zod's definitions.
 * Not zod's global registry's id map: Next bundles the validation modules once per layer (a page's and the route
 * handlers'), each copy registers its own schema objects under the same ids in the one global registry, and a map by
 * id keeps the other copy's; schemas of this copy would then meet a second "Error" and the conversion fails.
 */
function namedSchemasReachable(roots: z.ZodType[]): Map<string, z.ZodType> {
  const named = new Map<string, z.ZodType>();
  const seen = new Set<object>();
  const visit = (value: unknown) => {
    if (!value || typeof value !== "object" || seen.has(value)) return;
    seen.add(value);
    if ("_zod" in value) {
      const id = z.globalRegistry.get(value as z.ZodType)?.id;
      if (id && named.has(id) && named.get(id) !== value) throw new Error(`two schemas have the id ${id}`);
      if (id) named.set(id, value as z.ZodType);
      visit((value as { _zod: { def: unknown } })._zod.def);
      return;
    }
    for (const nested of Array.isArray(value) ? value : Object.values(value)) visit(nested);
  };
  roots.forEach(visit);
  return named;
}

/**
 * Converts the declared schemas in one pass per direction through a registry: the named schemas reachable from them
 * are emitted as `$ref`s to components, the declared ones under their key. Returns the converted declared schemas and
 * the named ones they reach, transitively.
 */
function convert(operations: Operation[]) {
  const named = namedSchemasReachable(operations.flatMap((op) => declaredSchemas(op).map((part) => part.schema)));
  const converted = new Map<string, JsonSchema>();
  const components: Record<string, JsonSchema> = {};
  for (const io of ["output", "input"] as const) {
    const registry = z.registry<{ id: string }>();
    for (const [id, schema] of named) registry.add(schema, { id });
    for (const op of operations) {
      for (const part of declaredSchemas(op)) {
        if (part.io === io && !registry.has(part.schema)) registry.add(part.schema, { id: part.key });
      }
    }
    const { schemas } = z.toJSONSchema(registry, { target: "draft-2020-12", io, unrepresentable: "any", reused: "inline", uri: componentUri });
    /** The schema without the dialect and base uri zod gives each registry entry (the document sets both). */
    const bare = (id: string): JsonSchema => {
      const schema = { ...(schemas[id] as JsonSchema) };
      delete schema.$schema;
      delete schema.$id;
      return schema;
    };
    const reached = new Set<string>();
    const reach = (schema: unknown) => {
      for (const [, id] of JSON.stringify(schema).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
        if (reached.has(id)) continue;
        reached.add(id);
        reach(schemas[id]);
      }
    };
    for (const op of operations) {
      for (const part of declaredSchemas(op)) {
        if (part.io !== io) continue;
        const id = registry.get(part.schema)!.id;
        const schema = named.has(id) ? { $ref: componentUri(id) } : bare(id);
        converted.set(part.key, schema);
        reach(schema);
      }
    }
    for (const id of reached) {
      // A declared schema without an id that another one nests would be referenced by its operation key: name it.
      if (!named.has(id)) throw new Error(`${id} is nested in another declared schema: give it .meta({ id })`);
      components[id] ??= bare(id);
    }
  }
  return { converted, components };
}

/** Path parameters in the order of the path, then query parameters, from the converted object schemas. */
function parameters(op: Operation, converted: Map<string, JsonSchema>) {
  const properties = (part: "params" | "query") => {
    const schema = converted.get(`${op.operationId}.${part}`);
    return {
      schemas: (schema?.properties ?? {}) as Record<string, JsonSchema>,
      required: new Set((schema?.required ?? []) as string[]),
    };
  };
  const path = properties("params");
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const query = properties("query");
  return [
    ...names.map((name) => ({ name, in: "path", required: true, schema: path.schemas[name] ?? { type: "string" } })),
    ...Object.entries(query.schemas).map(([name, schema]) => ({ name, in: "query", required: query.required.has(name), schema })),
  ];
}

function buildPaths(operations: Operation[]) {
  const { converted, components } = convert(operations);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(documentedResponses(op))) {
      const schema = converted.get(`${op.operationId}.${status}`);
      responses[status] = {
        description: response.description,
        ...(schema ? { content: { [response.contentType ?? "application/json"]: { schema } } } : {}),
        ...(response.headers ? { headers: response.headers } : {}),
      };
    }
    const body = converted.get(`${op.operationId}.body`);
    const description = [accessSentence(op), op.description].filter(Boolean).join(" ");
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      ...(description ? { description } : {}),
      tags: op.tags,
      security: op.auth === "bearer" ? [{ bearer: [] }] : op.auth === "basic" ? [{ basic: [] }] : [],
      parameters: parameters(op, converted),
      ...(body ? { requestBody: { required: true, content: { "application/json": { schema: body } } } } : {}),
      responses,
    };
  }
  return { paths, components };
}

let built: ReturnType<typeof buildPaths> | undefined;

export function buildOpenApiDocument(serverUrl: string) {
  built ??= buildPaths(v3Operations);
  return {
    openapi: "3.1.0",
    info: {
      title: "Förening service API",
      version: "3",
      description: gettingStartedGuide,
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        basic: { type: "http", scheme: "basic", description: "client_id as username, client_secret as password" },
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        // The token endpoint as OAuth 2.0 client credentials, so a generic client (and the /docs console) gets the token.
        oauth2: {
          type: "oauth2",
          description: "client credentials: client_id and client_secret, sent with HTTP Basic",
          flows: { clientCredentials: { tokenUrl: "/v3/access/user/basic", scopes: {} } },
        },
      },
      schemas: built.components,
    },
    paths: built.paths,
  };
}
