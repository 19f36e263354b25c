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
