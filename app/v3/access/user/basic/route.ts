// POST /v3/access/user/basic: exchange client credentials (HTTP Basic) for a token pair
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/auth";
import { exchangeClientCredentials } from "@/lib/services/tokens";

export const POST = route(api.issueTokens, async ({ credentials }) =>
  exchangeClientCredentials(credentials.clientId, credentials.clientSecret),
);
