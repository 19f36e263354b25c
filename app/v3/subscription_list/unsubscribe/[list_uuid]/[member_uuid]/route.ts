// GET  /v3/subscription_list/unsubscribe/{list_uuid}/{member_uuid}: the hosted confirmation page (changes nothing)
// POST /v3/subscription_list/unsubscribe/{list_uuid}/{member_uuid}: unsubscribe from one list; always {ok: true}.
// Also the RFC 8058 one-click target (body "List-Unsubscribe=One-Click"), so the body is not read.
import { redirectToHostedPage } from "@/lib/http/hosted-page";
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/public-lists";
import { unsubscribeByUuids } from "@/modules/lists/services/subscriptions";

export const GET = route(api.unsubscribePage, async ({ request, params }) =>
  redirectToHostedPage(request, ["unsubscribe", params.list_uuid, params.member_uuid]),
);

export const POST = route(api.unsubscribeFromList, async ({ params }) => {
  await unsubscribeByUuids(params.list_uuid, params.member_uuid);
  return { ok: true as const };
});
