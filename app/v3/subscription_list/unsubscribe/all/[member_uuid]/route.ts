// GET  /v3/subscription_list/unsubscribe/all/{member_uuid}?token=: the hosted confirmation page (changes nothing)
// POST /v3/subscription_list/unsubscribe/all/{member_uuid}: global opt-out with the signed token of a sendout link
import { redirectToHostedPage } from "@/lib/http/hosted-page";
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/public-lists";
import { optOutWithToken } from "@/modules/lists/services/subscriptions";

export const GET = route(api.globalOptOutPage, async ({ request, params }) =>
  redirectToHostedPage(request, ["unsubscribe", "all", params.member_uuid]),
);

export const POST = route(api.globalOptOut, async ({ params, query, body }) => {
  await optOutWithToken(params.member_uuid, body.token ?? query.token);
  return { ok: true as const };
});
