// POST /v3/access/user/basic: the token endpoint (client credentials, or an OAuth 2.0 client's token request)
import { route } from "@/lib/http/route";
import * as api from "@/modules/access/operations/api";
import { grantTokens } from "@/modules/access/services/token-grants";

export const POST = route(api.issueTokens, async ({ request, body }) =>
  grantTokens(request.headers.get("authorization"), body),
);
