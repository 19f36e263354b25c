// Property-based tests of every /v3 operation with generated hostile requests (tests/fuzz/arbitraries.ts): path
// segments, query strings, Authorization headers, content types and bodies. For every request:
// - never a 5xx, except the 500 the contract documents for the approved-provider check;
// - the status is documented for the operation (or is one of the answers the document gives for every path);
// - the body is JSON of a documented shape: the operation's schema for a documented status, otherwise one of the
//   spec's error bodies (Error, ValidationError, the token-expiry body);
// - a refused request (4xx) leaves every stored row of the world unchanged.
// The operations come from the OpenAPI document, which tests/unit/openapi-coverage.test.ts keeps equal to the routes.
// Requests are sent with their targets as written (sendTarget), not through fetch(), which would resolve dot segments
// (`%2E%2E` too) before the server sees them. The seed is fixed unless `npm run fuzz` runs this (tests/fuzz/runs.ts);
// every counterexample ever found is replayed first (tests/fuzz/regressions.ts).
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { v3Operations as operations, type Operation } from "@/lib/operations";
import { authorization, body, pathSegment, queryString, type GeneratedBody } from "../fuzz/arbitraries";
import { assertProperty, regressionTests } from "../fuzz/property";
import { makeWorld, type World } from "../fuzz/world";
import { sendTarget, type SentTarget } from "../helpers";

const RUNS_PER_OPERATION = 25;

type Doc = ReturnType<typeof buildOpenApiDocument>;
const doc: Doc = buildOpenApiDocument("http://localhost/v3");
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: "doc", components: doc.components });
const errorShape = ajv.compile({
  anyOf: ["Error", "ValidationError", "TokenExpired"].map((name) => ({ $ref: `doc#/components/schemas/${name}` })),
});

const validators = new Map<string, ValidateFunction>();
/** One compiled validator per documented response; "#/components/…" points into the document added as "doc". */
function validatorFor(key: string, schema: object): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')));
    validators.set(key, validate);
  }
  return validate;
}

let world: World;
let baseline: string;
const stats = { requests: 0, refused: 0, serverErrors: 0, byStatus: new Map<number, number>() };

beforeAll(async () => {
  world = await makeWorld();
  baseline = await world.digest();
}, 120_000);

afterAll(() => {
  const statuses = [...stats.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}:${n}`)
    .join(" ");
  console.log(
    `fuzz /v3: ${stats.requests} requests, ${stats.refused} refused, ${stats.serverErrors} 5xx (${statuses})`,
  );
});

interface Generated {
  segments: string[];
  query: string;
  authorization: string | undefined;
  body: GeneratedBody;
}

function requestOf(op: Operation): fc.Arbitrary<Generated> {
  const paramCount = op.path.split("{").length - 1;
  const bodyFields = op.body ? Object.keys((op.body as unknown as { shape?: object }).shape ?? {}) : [];
  return fc.record({
    segments: fc.array(pathSegment(world.realIds), { minLength: paramCount, maxLength: paramCount }),
    query: queryString(world.realIds),
    authorization: authorization(world.authorizations),
    body:
      op.method === "post" || op.method === "put"
        ? body(bodyFields)
        : fc.constant({ text: undefined, contentType: undefined }),
  });
}

function urlOf(op: Operation, generated: Generated): string {
  let i = 0;
  return `/v3${op.path.replace(/\{[^}]+\}/g, () => generated.segments[i++])}${generated.query}`;
}

/** Sends one generated request and checks the three properties; returns nothing, fails by expect. */
async function attack(op: Operation, generated: Generated) {
  const path = urlOf(op, generated);
  const headers: Record<string, string> = {};
  if (generated.authorization !== undefined) headers.authorization = generated.authorization;
  if (generated.body.contentType !== undefined) headers["content-type"] = generated.body.contentType;
  const res = await sendTarget(path, { method: op.method.toUpperCase(), headers, body: generated.body.text });
  const text = res.text;
  const label = `${op.method.toUpperCase()} ${path} (${res.status}) ${text.slice(0, 300)}`;
  count(res);

  const documentedServerError = op.path === "/company/fk/status/{company_id}" && res.status === 500;
  expect(res.status < 500 || documentedServerError, label).toBe(true);

  const documented = (
    doc.paths as Record<
      string,
      Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
    >
  )[op.path][op.method].responses[String(res.status)];
  expect(
    documented !== undefined || answersOutsideOperations(res),
    `status ${res.status} is not documented for ${nameOf(op)}: ${label}`,
  ).toBe(true);
  if (res.status === 308) {
    // Plain dot segments and trailing slashes are resolved as URLs are: a permanent redirect to the resolved path.
    expect(res.headers.location, label).toMatch(/^\/v3(\/|\?|$)/);
  } else if (res.status >= 300 && res.status < 400) {
    expect(documented, `undocumented redirect: ${label}`).toBeDefined();
  } else {
    expect(res.headers["content-type"], label).toContain("application/json");
    const value = JSON.parse(text);
    const schema = documented?.content?.["application/json"]?.schema;
    const validate = schema ? validatorFor(`${op.method} ${op.path} ${res.status}`, schema) : errorShape;
    expect(validate(value), `${label}\n${ajv.errorsText(validate.errors)}`).toBe(true);
  }

  const after = await world.digest();
  if (res.status >= 400) {
    stats.refused += 1;
    expect(after, `a refused request changed stored rows: ${label}`).toBe(baseline);
  }
  baseline = after;
}

/**
 * The answers the document gives once for every path rather than per operation (its introduction, "Answers outside
 * the operations"): a target with dot segments or a trailing slash is redirected to the resolved path (308), and a
 * target that resolves to no operation's path is 404 `not found` (a segment such as `%2F` can make it so).
 */
function answersOutsideOperations(res: SentTarget): boolean {
  if (res.status === 308) return true;
  return res.status === 404 && res.text === JSON.stringify({ reason: "not found" });
}

interface UnknownRequest {
  method: string;
  segments: string[];
}

const unknownRequest: fc.Arbitrary<UnknownRequest> = fc.record({
  method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"),
  segments: fc.array(
    fc.oneof(
      fc.constantFrom("company", "fk", "member", "events", "list", "subscription_list", "public", "%FF", "%2E%2E", "x"),
      fc.string({ maxLength: 6 }).map(encodeURIComponent),
    ),
    { minLength: 1, maxLength: 5 },
  ),
});

/** Sends a request to a generated path under /v3: never a 5xx, and a 404 or 405 is a JSON error body. */
async function probe({ method, segments }: UnknownRequest) {
  const res = await sendTarget(`/v3/${segments.join("/")}`, { method });
  count(res);
  expect(res.status, `${method} ${segments.join("/")}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
  if (res.status === 404 || res.status === 405) {
    expect(res.headers["content-type"]).toContain("application/json");
    expect(errorShape(JSON.parse(res.text)), res.text).toBe(true);
  }
}

function count(res: SentTarget) {
  stats.requests += 1;
  stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
  if (res.status >= 500) stats.serverErrors += 1;
}

const nameOf = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;
const UNKNOWN_PATHS = "unknown paths and methods under /v3 answer JSON 404 / 405";

describe("fuzz: every /v3 operation with generated hostile requests", () => {
  regressionTests(() => world, "fuzz-api", {
    ...Object.fromEntries(operations.map((op) => [nameOf(op), (generated: Generated) => attack(op, generated)])),
    [UNKNOWN_PATHS]: probe,
  });

  for (const op of operations) {
    it(nameOf(op), () =>
      assertProperty(
        world,
        "fuzz-api",
        nameOf(op),
        requestOf(op),
        (generated) => attack(op, generated),
        RUNS_PER_OPERATION,
      ),
    );
  }

  it(UNKNOWN_PATHS, () => assertProperty(world, "fuzz-api", UNKNOWN_PATHS, unknownRequest, probe, 150));
});
