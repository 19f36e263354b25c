import { RefreshTokenRequest, TokenResponse } from "../../validation/auth";
import { ErrorBody } from "../../validation/common";
import type { Operation } from "../operations";
import { responses } from "./shared";

export const authOperations: Operation[] = [
  {
    method: "post",
    path: "/access/user/basic",
    operationId: "issueTokens",
    summary: "Exchange client credentials for a token pair",
    description:
      "HTTP Basic with client_id as username and client_secret as password; no body. Starts a new refresh-token family. " +
      "Records the key's last use, to the minute (each instance writes it at most once a minute).",
    tags: ["Authentication"],
    security: "basic",
    responses: {
      200: { description: "Token pair", schema: TokenResponse },
      401: {
        description:
          "`Missing or invalid Authorization header` (no Basic header); `invalid \"Basic\" credentials` (the value is " +
          "not base64 of client_id:client_secret); `provided client_id and client_secret does not match any record` " +
          "(wrong secret, unknown client_id or revoked key). The texts are Memlist's.",
        schema: ErrorBody,
      },
      429: { ...responses.rateLimited("10 requests per minute per IP"), description: "`Too Many Requests`: more than 10 requests per minute per IP" },
    },
  },
  {
    method: "post",
    path: "/access/user/oauth/refresh_token",
    operationId: "refreshTokens",
    summary: "Rotate a refresh token into a new token pair",
    description:
      "Each refresh token works once. Reusing a rotated token answers 403 and revokes every token of its family; " +
      "of concurrent requests with one token exactly one succeeds.",
    tags: ["Authentication"],
    security: "none",
    body: RefreshTokenRequest,
    responses: {
      200: { description: "New token pair (new refresh token)", schema: TokenResponse },
      400: responses.validation,
      401: { description: "`expired`: the refresh token has expired; authenticate again", schema: ErrorBody },
      403: { description: "`forbidden`: unknown, revoked or already used refresh token", schema: ErrorBody },
      429: responses.rateLimited("20 requests per minute per IP"),
    },
  },
];
