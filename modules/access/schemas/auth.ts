// Token endpoint shapes (spec 2.1, 4.1).
import { z } from "zod";

export const RefreshTokenRequest = z
  .object({
    refresh_token: z.string({ error: "required" }).min(1, { error: "required" }),
  })
  .meta({ id: "RefreshTokenRequest" });

export const TokenResponse = z
  .object({
    access_token: z.string().meta({ description: "JWT used as Bearer token" }),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int().meta({ description: "access token lifetime in seconds" }),
    refresh_token: z.string().meta({ description: "use once to obtain a new pair; rotated on every use" }),
    refresh_expires_ts: z.number().int().meta({ description: "Unix time when the refresh token expires" }),
  })
  .meta({ id: "TokenResponse" });

/**
 * The token endpoint's body: none (the contract's request), or an OAuth 2.0 token request as a form
 * (application/x-www-form-urlencoded, what OAuth clients send) or JSON. Unknown parameters are ignored.
 */
export const TokenRequest = z
  .object({
    grant_type: z
      .string()
      .optional()
      .meta({
        description: "`client_credentials` (the default when absent or empty) or `refresh_token`",
        examples: ["client_credentials", "refresh_token"],
      }),
    refresh_token: z
      .string()
      .optional()
      .meta({ description: "with grant_type `refresh_token`: the refresh token to rotate" }),
    scope: z.string().optional().meta({
      description: "must be absent or empty: a token has the rights of its API key's access group, there are no scopes",
    }),
    client_id: z
      .string()
      .optional()
      .meta({ description: "client_secret_post: the client_id, instead of the Basic header" }),
    client_secret: z
      .string()
      .optional()
      .meta({ description: "client_secret_post: the client_secret, instead of the Basic header" }),
  })
  .meta({ id: "TokenRequest" });

/** A refresh grant spends the refresh budget, not the client-credentials one (modules/access/operations/api.ts). */
export function isRefreshGrant(body: unknown): boolean {
  return typeof body === "object" && body !== null && (body as { grant_type?: unknown }).grant_type === "refresh_token";
}

export const OAuthErrorBody = z
  .object({
    reason: z.string(),
    error: z
      .enum(["invalid_request", "invalid_client", "invalid_grant", "unsupported_grant_type", "invalid_scope"])
      .meta({
        description: "the RFC 6749 section 5.2 error code",
      }),
  })
  .meta({
    id: "OAuthError",
    description: "A refused OAuth 2.0 token request: the reason and the RFC 6749 error code.",
  });
