// POST /v3/access/user/basic: exchange client credentials (HTTP Basic) for a token pair
import { parseBasicCredentials } from "@/lib/http/basic-auth";
import { route } from "@/lib/http/route";
import { exchangeClientCredentials } from "@/lib/services/tokens";

export const POST = route({ auth: "none", rateLimit: { name: "token_basic" } }, async ({ request }) => {
  const { clientId, clientSecret } = parseBasicCredentials(request.headers.get("authorization"));
  return exchangeClientCredentials(clientId, clientSecret);
});
