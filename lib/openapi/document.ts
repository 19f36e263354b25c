// Builds the OpenAPI 3.1 document of /v3 from the operation table (lib/operations): the schemas from zod
// (./schemas.ts), the examples (./examples.ts), and what every operation of a kind can answer added here, so a new
// operation is described whole without listing it anywhere. The dashboard's data routes are in the table but not in
// this public document.
import { z } from "zod";
import { ValidationFailed } from "../errors";
import { v3Operations, type Operation } from "../operations";
import { accessSentence, type ResponseDoc } from "../operations/operation";
import {
  databaseUnavailable,
  invalidToken,
  payloadTooLarge,
  rateLimited,
  unsupportedMediaType,
  validation,
} from "../operations/errors";
import { tagDescriptions } from "../operations/tags";
import { withExamples } from "./examples";
import { WEBHOOK_PAYLOADS, WEBHOOK_TEST_EVENT, WebhookTestPayload } from "@/modules/webhooks/schemas/webhooks";
import { gettingStartedGuide } from "./guide";
import { parseInput } from "../validation/parse";
import { convertSchemas } from "./schemas";

type JsonSchema = Record<string, unknown>;

const TOKEN_PATH = "/access/user/basic";

/**
 * What the document lists for an operation: its own answers and refusals, plus those every operation of its kind can
 * meet: 400 where it reads input (a NUL character in any text is refused, even in a path), 413 and 415 where it
 * reads a body, 429 where it is rate-limited, 422 (an invalid token) where it takes one, and 503 (the database)
 * everywhere.
 */
function documentedResponses(op: Operation): Record<string, ResponseDoc> {
  return {
    ...op.responses,
    ...(op.params || op.query || op.body ? { 400: validation } : {}),
    ...(op.rateLimit ? { 429: rateLimited("the operation's per-IP limit") } : {}),
    ...op.errors,
    ...(op.auth === "bearer" ? { 422: invalidToken } : {}),
    ...(op.body ? { 413: payloadTooLarge, 415: unsupportedMediaType } : {}),
    503: databaseUnavailable,
  };
}

/** Headers every answer of a status carries, whichever operation gives it. */
function headersOf(status: string, response: ResponseDoc) {
  const headers: Record<string, unknown> = { ...response.headers };
  if (status === "429" || status === "503") {
    headers["Retry-After"] ??= { description: "Seconds to wait before trying again.", schema: { type: "integer" } };
  }
  if (status.startsWith("3")) headers.Location ??= { description: "Where to go instead.", schema: { type: "string" } };
  return Object.keys(headers).length ? { headers } : {};
}

/**
 * The example of an answer, made for the operation: a validation refusal is what the operation's own schemas say
 * about an empty body (or a wrong path segment), and a reason naming `<module>` or `<permission>` names the
 * operation's. Without one of its own, the answer shows its schema's example.
 */
function exampleOf(op: Operation, status: string, response: ResponseDoc) {
  let example = response.example;
  if (status === "400" && response.schema === validation.schema && example === undefined)
    example = validationExample(op);
  if (example && typeof example === "object" && "reason" in example && typeof example.reason === "string") {
    const reason = example.reason
      .replace("<module>", op.module ?? "member")
      .replace("<permission>", op.permission ?? "MEMBER.U");
    example = { ...example, reason };
  }
  return example === undefined ? {} : { example };
}

/**
 * The ValidationError body the operation answers for an empty body, or else for "x" in every path segment, query
 * parameter or body field, or else for a NUL character in every path segment (refused in any text).
 */
function validationExample(op: Operation) {
  const every = (schema: z.ZodType | undefined, value: string) => {
    const shape = (schema as { shape?: object } | undefined)?.shape ?? {};
    return Object.fromEntries(Object.keys(shape).map((name) => [name, value]));
  };
  const attempts: [z.ZodType | undefined, unknown][] = [
    [op.body, {}],
    [op.params, every(op.params, "x")],
    [op.query, every(op.query, "x")],
    [op.body, every(op.body, "x")],
    [op.params, every(op.params, "\u0000")],
  ];
  for (const [schema, value] of attempts) {
    if (!schema) continue;
    try {
      parseInput(schema, value);
    } catch (error) {
      if (error instanceof ValidationFailed) {
        return { reason: error.message, code: "validation_error", errors: error.errors, form_errors: error.formErrors };
      }
    }
  }
  return undefined;
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
    ...Object.entries(query.schemas).map(([name, schema]) => ({
      name,
      in: "query",
      required: query.required.has(name),
      schema,
    })),
  ];
}

/** Bearer operations take a token from the token endpoint, or from the same endpoint as an OAuth 2.0 client. */
const securityOf = (op: Operation) =>
  op.auth === "bearer" ? [{ bearer: [] }, { oauth2: [] }] : op.auth === "basic" ? [{ basic: [] }] : [];

/**
 * The body and its media types. An empty body is read as `{}` (lib/http/body.ts), so a body is required only where
 * `{}` is refused: the token endpoint's contract request sends none.
 */
function requestBodyOf(op: Operation, schema: JsonSchema | undefined) {
  if (!schema || !op.body) return {};
  const content: Record<string, { schema: JsonSchema }> = { "application/json": { schema } };
  if (op.acceptsForm) content["application/x-www-form-urlencoded"] = { schema };
  return { requestBody: { required: !op.body.safeParse({}).success, content } };
}

/** Every body a webhook endpoint receives: the event types', and the test event's. */
const webhookBodies = [...WEBHOOK_PAYLOADS, { type: WEBHOOK_TEST_EVENT, schema: WebhookTestPayload as z.ZodType }];

/** The header each delivery carries (Standard Webhooks), as a parameter of every webhook. */
const webhookHeaders = [
  {
    name: "webhook-id",
    description: "The message id: the same on every attempt and redelivery of one delivery; skip one you have handled.",
  },
  {
    name: "webhook-timestamp",
    description: "Unix time of this attempt, in seconds; refuse one far from your clock (replays).",
  },
  {
    name: "webhook-signature",
    description:
      "`v1,<base64 HMAC-SHA256>` of `id.timestamp.body` with the endpoint's secret (verify with a Standard Webhooks library).",
  },
].map(({ name, description }) => ({ name, in: "header", required: true, description, schema: { type: "string" } }));

/** The document's top-level `webhooks`: what we POST to an endpoint, one entry per event type. */
function buildWebhooks(converted: Map<string, JsonSchema>) {
  return Object.fromEntries(
    webhookBodies.map(({ type, schema }) => [
      type,
      {
        post: {
          operationId: `webhook${type.replace(/(^|[._])([a-z])/g, (_, _sep, c: string) => c.toUpperCase())}`,
          summary: type,
          description: z.globalRegistry.get(schema)?.description,
          tags: ["Webhooks"],
          // Sent by us: no credential of yours; the body is signed (the webhook-signature header).
          security: [],
          parameters: webhookHeaders,
          requestBody: {
            required: true,
            content: { "application/json": { schema: converted.get(`webhook.${type}`) } },
          },
          responses: {
            "200": {
              description:
                "Any 2xx answer within the time limit counts as delivered; anything else is retried (5 s, 5 min, 30 min, " +
                "2 h, 5 h, 10 h, 10 h).",
            },
          },
        },
      },
    ]),
  );
}

function buildPaths(operations: Operation[]) {
  const { converted, components } = convertSchemas(
    operations,
    documentedResponses,
    webhookBodies.map(({ type, schema }) => ({ key: `webhook.${type}`, schema })),
  );
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(documentedResponses(op))) {
      const schema = converted.get(`${op.operationId}.${status}`);
      responses[status] = {
        description: response.description,
        ...headersOf(status, response),
        ...(schema
          ? {
              content: { [response.contentType ?? "application/json"]: { schema, ...exampleOf(op, status, response) } },
            }
          : {}),
      };
    }
    const description = [accessSentence(op), op.description].filter(Boolean).join(" ");
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      ...(description ? { description } : {}),
      tags: op.tags,
      security: securityOf(op),
      parameters: parameters(op, converted),
      ...requestBodyOf(op, converted.get(`${op.operationId}.body`)),
      responses,
    };
  }
  return { ...withExamples({ paths, components }), webhooks: buildWebhooks(converted) };
}

/** The tags in use, in the order of tagDescriptions (a tag missing there comes last, without a description). */
function tagsOf(operations: Operation[]) {
  const used = new Set(operations.flatMap((op) => op.tags));
  const order = Object.keys(tagDescriptions);
  return [...used]
    .sort((a, b) => (order.indexOf(a) + 1 || Infinity) - (order.indexOf(b) + 1 || Infinity))
    .map((name) => ({ name, ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}) }));
}

/**
 * What any request under /v3 can be answered before an operation is found. OpenAPI has no place for the answers of
 * a path no operation has, or of a method a path does not have, so they are said once, after the guide.
 */
const unroutedAnswers =
  "\n\n## Answers outside the operations\n\n" +
  "- **308** to the same target without dot segments (`/./`, `/../`, also percent-encoded) or a trailing slash.\n" +
  '- **404** `{"reason": "not found"}`: no operation has this path.\n' +
  '- **405** `{"reason": "method not allowed; use GET, POST"}` with an `Allow` header: the path exists, but not ' +
  "with this method.\n" +
  "- **413** and **503** can also come before the operation is found: a declared `Content-Length` over the limit, or " +
  "the database unavailable. Their bodies are the same `{reason}` as the operations document.";

let built: ReturnType<typeof buildPaths> | undefined;

export function buildOpenApiDocument(serverUrl: string) {
  built ??= buildPaths(v3Operations);
  // The server's path with the token endpoint's, for a server URL with an origin ("https://host/v3") or without ("/v3").
  const tokenUrl = `${new URL(serverUrl, "http://origin.invalid").pathname.replace(/\/$/, "")}${TOKEN_PATH}`;
  return {
    openapi: "3.1.0",
    info: {
      title: "Förening service API",
      version: "3",
      description: gettingStartedGuide + unroutedAnswers,
    },
    servers: [{ url: serverUrl }],
    tags: tagsOf(v3Operations),
    components: {
      securitySchemes: {
        basic: {
          type: "http",
          scheme: "basic",
          description: "An API key's `client_id` as the user name, its `client_secret` as the password.",
        },
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: `An access token from \`POST ${TOKEN_PATH}\`.`,
        },
        oauth2: {
          type: "oauth2",
          description:
            "The same token endpoint as an OAuth 2.0 client-credentials grant: an API key's `client_id` and " +
            "`client_secret` give an access token and a refresh token.",
          flows: { clientCredentials: { tokenUrl, refreshUrl: tokenUrl, scopes: {} } },
        },
      },
      schemas: built.components,
    },
    paths: built.paths,
    webhooks: built.webhooks,
  };
}
