// /v3 tokens: client credentials and refresh tokens.
import { RefreshTokenRequest, TokenResponse } from "../validation/auth";
import { rateLimited, reason, validation } from "./errors";
import { operation } from "./operation";

const tags = ["Authentication"];

export const issueTokens = operation({
  method: "post",
  path: "/access/user/basic",
  auth: "basic",
  rateLimit: { name: "token_basic" },
  summary: "Exchange client credentials for a token pair",
  description:
    "HTTP Basic with an API key's client_id as the user name and its client_secret as the password; no body. The " +
    "access token goes in `Authorization: Bearer <access_token>` until it expires (`expires_in` seconds); then use " +
    "the refresh token (\"Rotate a refresh token into a new token pair\") instead of asking again (this operation " +
    "allows 10 requests a minute). API keys are made in the dashboard's API keys page.",
  tags,
  responses: { 200: { description: "Token pair", schema: TokenResponse } },
  errors: {
    401: reason(
      "`Missing or invalid Authorization header` (no Basic header); `invalid \"Basic\" credentials` (the value is " +
        "not base64 of client_id:client_secret); `provided client_id and client_secret does not match any record` " +
        "(wrong secret, unknown client_id or revoked key).",
    ),
    429: { ...rateLimited("10 requests per minute per IP"), description: "`Too Many Requests`: more than 10 requests per minute per IP" },
  },
});

export const refreshTokens = operation({
  method: "post",
  path: "/access/user/oauth/refresh_token",
  auth: "none",
  rateLimit: { name: "token_refresh" },
  body: RefreshTokenRequest,
  acceptsForm: true,
  summary: "Rotate a refresh token into a new token pair",
  description:
    "Each refresh token works once. Reusing a rotated token answers 403 and revokes every token of its family; " +
    "of concurrent requests with one token exactly one succeeds.",
  tags,
  responses: { 200: { description: "New token pair (new refresh token)", schema: TokenResponse } },
  errors: {
    400: validation,
    401: reason("`expired`: the refresh token has expired; authenticate again"),
    403: reason("`forbidden`: unknown, revoked or already used refresh token"),
    429: rateLimited("20 requests per minute per IP"),
  },
});
