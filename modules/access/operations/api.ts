// /v3 tokens: the token endpoint (client credentials and OAuth 2.0 token requests) and the refresh endpoint.
import { ErrorBody, ValidationErrorBody } from "@/lib/validation/common";
import { isRefreshGrant, OAuthErrorBody, RefreshTokenRequest, TokenRequest, TokenResponse } from "../schemas/auth";
import { rateLimited, reason, validation } from "@/lib/operations/errors";
import { operation } from "@/lib/operations/operation";

const tags = ["Authentication"];

const rotation =
  "Each refresh token works once: every refresh answers a new pair, and the new refresh token must be used next. " +
  "Presenting a refresh token that was already used is taken as theft: it is refused and every token of its family " +
  "(the pairs descended from one client-credentials exchange, access tokens included) stops working. A repeat moments " +
  "after the first use (a client refreshing from several threads) is taken for a duplicate: it is refused, but the " +
  "new pair stays valid. Of concurrent refreshes with one token exactly one succeeds.";

export const issueTokens = operation({
  method: "post",
  path: "/access/user/basic",
  auth: "basic",
  credentialsInBody: true,
  rateLimit: (body) => (isRefreshGrant(body) ? { name: "token_refresh" } : { name: "token_basic" }),
  body: TokenRequest,
  acceptsForm: true,
  summary: "Get a token pair (the OAuth 2.0 token endpoint)",
  description:
    "Send an API key's client_id as the Basic user name and its client_secret as the password, with no body: the " +
    "answer is a new access token and refresh token. (An administrator creates API keys in the dashboard, under API " +
    "keys; the client_secret is shown once, at creation.) This is also a standard OAuth 2.0 token endpoint, so OAuth " +
    "client libraries can use it as their token URL:\n\n" +
    "- `grant_type=client_credentials` (a form body, `application/x-www-form-urlencoded`): the same as no body.\n" +
    "- `grant_type=refresh_token&refresh_token=…`: rotates the refresh token, as the refresh endpoint does. The " +
    "client authenticates as for client_credentials, and the refresh token must be one issued to it. Refusals are " +
    "400 `invalid_grant`.\n\n" +
    "Refusals of a request with a grant_type carry the RFC 6749 error code as `error` next to `reason`.\n\n" +
    "Basic credentials may be form-url-encoded before base64, as RFC 6749 section 2.3.1 has clients do (`ck%5F…` " +
    "for `ck_…`); client_ids and secrets contain no `%` or `+`, so raw ones read the same. Instead of the Basic " +
    "header, client_id and client_secret may be sent in the body (client_secret_post); when both are sent they must " +
    "be the same. `scope` must be absent or empty: a token has the rights of its API key's access group.\n\n" +
    `${rotation}`,
  tags,
  responses: { 200: { description: "Token pair", schema: TokenResponse } },
  errors: {
    400: {
      description:
        "An OAuth 2.0 request refused, `{reason, error}` with the RFC 6749 error code: `unsupported_grant_type` (a " +
        "grant_type other than client_credentials and refresh_token), `invalid_scope` (a non-empty scope), " +
        "`invalid_request` (`refresh_token: required`, or client credentials in the body that differ from the " +
        "header's), `invalid_grant` (reason `forbidden`: the refresh token is unknown, revoked, already used or " +
        "another client's; reason `expired`: get a new pair with client credentials). A body field that is not " +
        "text, or a JSON body that is not an object, is the ValidationError body.",
      schema: OAuthErrorBody.or(ValidationErrorBody),
    },
    401: {
      description:
        "The client is not authenticated: `Missing or invalid Authorization header` (no Basic header and no " +
        'client_id and client_secret in the body); `invalid "Basic" credentials` (the header\'s value is not base64 ' +
        "of client_id:client_secret); `provided client_id and client_secret does not match any record` (wrong " +
        "secret, unknown client_id or revoked key). With a grant_type in the body the answer also carries " +
        "`error: invalid_client`.",
      schema: ErrorBody.or(OAuthErrorBody),
    },
    429: {
      ...rateLimited("10 requests per minute per IP"),
      description:
        "`Too Many Requests`: more than 10 requests per minute from one IP. A refresh_token grant counts instead " +
        "against the refresh budget (20 per minute per IP, shared with the refresh endpoint), answered " +
        "`too many requests`.",
    },
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
    "Send the refresh token of the latest pair, as JSON or as a form; no client authentication. An access token " +
    `answers 401 \`{"error":"expired","context":"user"}\` once it expires: refresh then. ${rotation}`,
  tags,
  responses: { 200: { description: "New token pair (new refresh token)", schema: TokenResponse } },
  errors: {
    400: validation,
    401: reason("`expired`: the refresh token has expired; get a new pair with client credentials"),
    403: reason("`forbidden`: unknown, revoked or already used refresh token"),
    429: rateLimited("20 requests per minute per IP"),
  },
});
