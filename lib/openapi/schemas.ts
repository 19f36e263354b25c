// The JSON Schemas of the document, converted from the operation table's zod schemas with zod's own JSON Schema
// output. Named schemas (`.meta({ id })`) become components and every reference to one is `#/components/schemas/<id>`;
// the rest is inlined.
import { z } from "zod";
import type { Operation } from "../operations";
import type { ResponseDoc } from "../operations/operation";

type JsonSchema = Record<string, unknown>;
type Io = "input" | "output";

const componentUri = (id: string) => `#/components/schemas/${id}`;

/**
 * What the conversion changes in zod's output, for the tools that read the document:
 * - the ±(2^53 - 1) bounds zod gives every integer (its safe-integer range) are dropped; real bounds stay;
 * - a request field's `default` moves into its description. The server fills it in, so the field is optional, but
 *   openapi-typescript (defaultNonNullable, on by default) and others read `default` as "always present" and would make
 *   a client send it.
 */
function adjust(io: Io) {
  return ({ jsonSchema }: { jsonSchema: JsonSchema }) => {
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    if (io === "input" && "default" in jsonSchema) {
      const sentence = `Default: \`${JSON.stringify(jsonSchema.default)}\`.`;
      jsonSchema.description = jsonSchema.description ? `${jsonSchema.description} ${sentence}` : sentence;
      delete jsonSchema.default;
    }
  };
}

/** Every schema an operation declares (request parts are read as input, responses as output). */
function declaredSchemas(
  op: Operation,
  responses: Record<string, ResponseDoc>,
): { key: string; schema: z.ZodType; io: Io }[] {
  const parts: { key: string; schema: z.ZodType; io: Io }[] = [];
  for (const part of ["params", "query", "body"] as const) {
    const schema = op[part];
    if (schema) parts.push({ key: `${op.operationId}.${part}`, schema, io: "input" });
  }
  for (const [status, response] of Object.entries(responses)) {
    if (response.schema) parts.push({ key: `${op.operationId}.${status}`, schema: response.schema, io: "output" });
  }
  return parts;
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
 * are emitted as `$ref`s to components, the declared ones under their key (`<operationId>.<part or status>`). Returns
 * the converted declared schemas and the named ones they reach, transitively.
 */
export function convertSchemas(
  operations: Operation[],
  responsesOf: (op: Operation) => Record<string, ResponseDoc>,
  /** Schemas of no operation, converted as answers under their key: the bodies of the webhooks we send. */
  others: { key: string; schema: z.ZodType }[] = [],
) {
  const declared = [
    ...operations.map((op) => declaredSchemas(op, responsesOf(op))),
    others.map((other) => ({ ...other, io: "output" as const })),
  ];
  const named = namedSchemasReachable(declared.flat().map((part) => part.schema));
  const converted = new Map<string, JsonSchema>();
  const components: Record<string, JsonSchema> = {};
  for (const io of ["output", "input"] as const) {
    const registry = z.registry<{ id: string }>();
    for (const [id, schema] of named) registry.add(schema, { id });
    for (const part of declared.flat()) {
      if (part.io === io && !registry.has(part.schema)) registry.add(part.schema, { id: part.key });
    }
    const { schemas } = z.toJSONSchema(registry, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      reused: "inline",
      uri: componentUri,
      override: adjust(io),
    });
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
    for (const part of declared.flat()) {
      if (part.io !== io) continue;
      const id = registry.get(part.schema)!.id;
      const schema = named.has(id) ? { $ref: componentUri(id) } : bare(id);
      converted.set(part.key, schema);
      reach(schema);
    }
    for (const id of reached) {
      // A declared schema without an id that another one nests would be referenced by its operation key: name it.
      if (!named.has(id)) throw new Error(`${id} is nested in another declared schema: give it .meta({ id })`);
      components[id] ??= bare(id);
    }
  }
  return { converted, components };
}
