// POST /v3/access/user/basic: the token endpoint (client credentials, or an OAuth 2.0 client's token request)
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/auth";
import { grantTokens } from "@/lib/services/token-grants";

export const POST = route(api.issueTokens, async ({ request, body }) => grantTokens(request.headers.get("authorization"), body));
