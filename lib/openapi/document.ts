// Builds the OpenAPI 3.1 document from the zod schemas in lib/validation and the operations in ./operations.
import { z } from "zod";
import { operations, type Operation, type OperationResponse } from "./operations";
import { invalidTokenResponse, responses as shared } from "./ops/shared";

type JsonSchema = Record<string, unknown>;

/** Named schemas (`.meta({ id })`) become components; others are inlined. */
function collectSchemas() {
  const components: Record<string, JsonSchema> = {};
  const toSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
    const raw = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      reused: "inline",
      override: undefined,
    }) as JsonSchema;
    // Named schemas nested in others come back under $defs (the outer one too, as a bare $ref): hoist them all
    // into components so every reference points at #/components/schemas/<id>.
    const converted = JSON.parse(JSON.stringify(raw).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
    delete converted.$schema;
    const defs = (converted.$defs ?? {}) as Record<string, JsonSchema>;
    delete converted.$defs;
    for (const [name, def] of Object.entries(defs)) {
      delete def.id;
      components[name] ??= def;
    }
    const id = (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;
    if (!id) return converted;
    if (!defs[id]) {
      delete converted.id;
      components[id] ??= converted;
    }
    return { $ref: `#/components/schemas/${id}` };
  };
  return { components, toSchema };
}

function pathParameters(path: string, params: Operation["params"], toSchema: (s: z.ZodType) => JsonSchema) {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  return names.map((name) => ({
    name,
    in: "path",
    required: true,
    schema: params?.[name] ? toSchema(params[name]) : { type: "string" },
  }));
}

export function buildOpenApiDocument(serverUrl: string) {
  const { components, toSchema } = collectSchemas();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const responses: Record<string, unknown> = {};
    // Every bearer operation can meet an invalid token (422), and every operation a database outage (503).
    const documented: Record<string, OperationResponse> = {
      ...op.responses,
      ...(op.security === "bearer" ? { 422: invalidTokenResponse } : {}),
      503: shared.databaseUnavailable,
    };
    for (const [status, response] of Object.entries(documented)) {
      responses[status] = {
        description: response.description,
        ...(response.schema
          ? { content: { [response.contentType ?? "application/json"]: { schema: toSchema(response.schema, "output") } } }
          : {}),
        ...(response.headers ? { headers: response.headers } : {}),
      };
    }
    const queryParameters = Object.entries(op.query ?? {}).map(([name, schema]) => ({
      name,
      in: "query",
      required: !schema.safeParse(undefined).success,
      schema: toSchema(schema, "input"),
    }));
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      description: op.description,
      tags: op.tags,
      security: op.security === "bearer" ? [{ bearer: [] }] : op.security === "basic" ? [{ basic: [] }] : [],
      parameters: [...pathParameters(op.path, op.params, (s) => toSchema(s, "input")), ...queryParameters],
      ...(op.body
        ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(op.body, "input") } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Förening service API",
      version: "3",
      description:
        "Company register with leisure-card (Fritidskortet) enrollment, subscription lists and the general membership " +
        "endpoints. Authenticate with POST /access/user/basic (HTTP Basic client_id:client_secret), then send " +
        "`Authorization: Bearer <access_token>`. Errors use `{reason}`; validation failures the ValidationError shape.",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        basic: { type: "http", scheme: "basic", description: "client_id as username, client_secret as password" },
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      },
      schemas: components,
    },
    paths,
  };
}
