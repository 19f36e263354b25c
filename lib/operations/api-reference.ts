// /v3/openapi.json: the API's own description, generated from the operation table (lib/openapi/document.ts).
import { z } from "zod";
import { operation } from "./operation";

export const getOpenApiDocument = operation({
  method: "get",
  path: "/openapi.json",
  auth: "none",
  summary: "This OpenAPI 3.1 document",
  description: "Generated from the same operation table the routes, the edge and the tests read; rendered at /docs.",
  tags: ["Reference"],
  responses: { 200: { description: "The document", schema: z.object({ openapi: z.literal("3.1.0") }).loose() } },
});
