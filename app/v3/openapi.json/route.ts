// GET /v3/openapi.json: the OpenAPI 3.1 document, generated from the operation table
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import * as api from "@/lib/operations/api-reference";

export const GET = route(api.getOpenApiDocument, async ({ request }) => {
  const origin = new URL(request.url).origin;
  return json(buildOpenApiDocument(`${origin}/v3`), 200, { "cache-control": "public, max-age=300" });
});
