// Puts the examples into the document: each component schema's own (./example-data.ts) as its `examples`, and on
// every request and response body the example of its schema (an answer's own example first: a refusal's reason).
import { componentExamples } from "./example-data";

type JsonSchema = Record<string, unknown>;
type MediaType = { schema?: JsonSchema; example?: unknown };
type Document = { paths: Record<string, Record<string, unknown>>; components: Record<string, JsonSchema> };

/** The example of a schema: its own, its component's, or a list of its items' example; undefined when it has none. */
function exampleOf(schema: JsonSchema | undefined, components: Record<string, JsonSchema>): unknown {
  if (!schema) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (typeof schema.$ref === "string") {
    const id = schema.$ref.split("/").pop()!;
    return exampleOf(components[id], components);
  }
  if (schema.type === "array") {
    const item = exampleOf(schema.items as JsonSchema | undefined, components);
    return item === undefined ? undefined : [item];
  }
  for (const branch of (schema.anyOf ?? schema.oneOf ?? []) as JsonSchema[]) {
    const example = exampleOf(branch, components);
    if (example !== undefined && example !== null) return example;
  }
  return undefined;
}

/** Every media type of a request body or answer in the document's operations. */
function mediaTypes(paths: Document["paths"]): MediaType[] {
  type Op = {
    requestBody?: { content: Record<string, MediaType> };
    responses: Record<string, { content?: Record<string, MediaType> }>;
  };
  return Object.values(paths).flatMap((ops) =>
    Object.values(ops as Record<string, Op>).flatMap((op) => [
      ...Object.values(op.requestBody?.content ?? {}),
      ...Object.values(op.responses).flatMap((response) => Object.values(response.content ?? {})),
    ]),
  );
}

export function withExamples<Doc extends Document>(doc: Doc): Doc {
  for (const [id, schema] of Object.entries(doc.components)) {
    if (id in componentExamples) schema.examples = [componentExamples[id]];
  }
  for (const media of mediaTypes(doc.paths)) {
    if (media.example !== undefined) continue;
    const example = exampleOf(media.schema, doc.components);
    if (example !== undefined) media.example = example;
  }
  return doc;
}
