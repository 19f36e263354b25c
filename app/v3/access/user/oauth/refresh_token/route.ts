// POST /v3/access/user/oauth/refresh_token: rotate a refresh token into a new token pair
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/auth";
import { rotateRefreshToken } from "@/lib/services/tokens";

export const POST = route(api.refreshTokens, async ({ body }) => rotateRefreshToken(body.refresh_token));
