// GET /v3/openapi.json: the OpenAPI 3.1 document, generated from the zod schemas
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { json } from "@/lib/http/responses";

export function GET(request: Request): Response {
  const origin = new URL(request.url).origin;
  return json(buildOpenApiDocument(`${origin}/v3`), 200, { "cache-control": "public, max-age=300" });
}
