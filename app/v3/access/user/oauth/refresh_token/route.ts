// POST /v3/access/user/oauth/refresh_token: rotate a refresh token into a new token pair
import { route } from "@/lib/http/route";
import * as api from "@/modules/access/operations/api";
import { rotateRefreshToken } from "@/modules/access/services/tokens";

export const POST = route(api.refreshTokens, async ({ body }) => rotateRefreshToken(body.refresh_token));
