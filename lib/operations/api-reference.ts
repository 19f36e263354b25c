// /v3/openapi.json: the API's own description, generated from the operation table (lib/openapi/document.ts).
import { z } from "zod";
import { operation } from "./operation";

export const getOpenApiDocument = operation({
  method: "get",
  path: "/openapi.json",
  auth: "none",
  summary: "Get this OpenAPI document",
  description:
    "This API's description in OpenAPI 3.1, for code generators (such as openapi-typescript), API consoles and " +
    "linters. It always describes the running service, and is shown as an interactive reference at /docs.",
  tags: ["Reference"],
  responses: {
    200: {
      description: "The document",
      schema: z.object({ openapi: z.literal("3.1.0") }).loose(),
      example: { openapi: "3.1.0", info: { title: "Förening service API", version: "3" }, paths: {} },
    },
  },
});
