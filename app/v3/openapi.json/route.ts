// GET /v3/openapi.json: the OpenAPI 3.1 document, generated from the operation table
import { env } from "@/lib/env";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import * as api from "@/lib/operations/api-reference";

/**
 * The server URL comes from configuration, never from the request: the answer is cached publicly, so a URL built
 * from Host or X-Forwarded-Proto would be served to everyone after the first asker. With SITE_URL it is absolute;
 * without, it is "/v3", which OpenAPI resolves against the address the document was fetched from.
 */
const serverUrl = () => `${env().SITE_URL?.replace(/\/$/, "") ?? ""}/v3`;

export const GET = route(api.getOpenApiDocument, async () =>
  json(buildOpenApiDocument(serverUrl()), 200, { "cache-control": "public, max-age=300" }),
);
