// The token endpoint (POST /v3/access/user/basic): the contract's request (Basic credentials, no body) and the OAuth
// 2.0 token requests standard clients send to it (RFC 6749 sections 4.4 and 6).
import "server-only";
import type { z } from "zod";
import { OAuthRequestRefused, Unauthorized } from "@/lib/errors";
import { BASIC_HEADER_MISSING, formUrlDecoded, readBasicCredentials } from "@/lib/http/basic-auth";
import type { TokenRequest, TokenResponse } from "../schemas/auth";
import { verifyClientCredentials } from "./api-keys";
import { issueTokenPair, rotateClientRefreshToken } from "./tokens";

type TokenRequestBody = z.output<typeof TokenRequest>;

/**
 * grant_type `client_credentials` (also when absent: the contract's request) issues a new pair and starts a new
 * refresh-token family; `refresh_token` rotates the client's refresh token as the refresh endpoint does. Either way
 * the client authenticates first. A request with a grant_type is an OAuth client's: its 401s carry `invalid_client`
 * too, so the library reports a wrong secret as one; the contract's request keeps the contract's bodies.
 */
export async function grantTokens(
  authorization: string | null,
  request: TokenRequestBody,
): Promise<z.output<typeof TokenResponse>> {
  // RFC 6749 section 3.1: a parameter sent without a value is treated as omitted.
  const grantType = request.grant_type || "client_credentials";
  if (grantType !== "client_credentials" && grantType !== "refresh_token") {
    throw new OAuthRequestRefused(
      "unsupported_grant_type",
      "unsupported grant_type: use client_credentials or refresh_token",
    );
  }
  // A requested scope we ignored would leave the client believing its token narrower than it is.
  if (request.scope?.trim()) {
    throw new OAuthRequestRefused(
      "invalid_scope",
      "scope is not supported: a token has the rights of its API key's access group",
    );
  }
  const key = await authenticateClient(authorization, request).catch((error: unknown) => {
    throw request.grant_type && error instanceof Unauthorized
      ? new OAuthRequestRefused("invalid_client", error.message)
      : error;
  });
  if (grantType === "client_credentials") return issueTokenPair(key);
  if (!request.refresh_token) throw new OAuthRequestRefused("invalid_request", "refresh_token: required");
  return rotateClientRefreshToken(request.refresh_token, key.id);
}

/**
 * The client's credentials from the Basic header (form-url-decoded, RFC 6749 section 2.3.1) or the body
 * (client_secret_post). Some clients send both (Scalar's console does): they must then be the same.
 */
async function authenticateClient(authorization: string | null, request: TokenRequestBody) {
  const basic = readBasicCredentials(authorization);
  const fromHeader = basic && formUrlDecoded(basic);
  // Empty form fields are fields not sent.
  const bodyId = request.client_id || undefined;
  const bodySecret = request.client_secret || undefined;
  // Both values come from the caller, so comparing them leaks nothing: the secret is checked in constant time below.
  if (
    fromHeader &&
    ((bodyId && bodyId !== fromHeader.clientId) || (bodySecret && bodySecret !== fromHeader.clientSecret))
  ) {
    throw new OAuthRequestRefused(
      "invalid_request",
      "the client credentials in the body differ from the Authorization header's",
    );
  }
  const credentials = fromHeader ?? (bodyId && bodySecret ? { clientId: bodyId, clientSecret: bodySecret } : null);
  if (!credentials) throw new Unauthorized(BASIC_HEADER_MISSING);
  const key = await verifyClientCredentials(credentials.clientId, credentials.clientSecret);
  if (!key) throw new Unauthorized("provided client_id and client_secret does not match any record");
  return key;
}
