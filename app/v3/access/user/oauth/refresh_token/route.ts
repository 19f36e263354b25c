// POST /v3/access/user/oauth/refresh_token: rotate a refresh token into a new token pair
import { route } from "@/lib/http/route";
import { rotateRefreshToken } from "@/lib/services/tokens";
import { RefreshTokenRequest } from "@/lib/validation/auth";

export const POST = route(
  { auth: "none", rateLimit: { name: "token_refresh" }, body: RefreshTokenRequest, acceptsForm: true },
  async ({ body }) => rotateRefreshToken(body.refresh_token),
);
