// GET  /v3/subscription_list/public/{uuid}: public info of an active list
// POST /v3/subscription_list/public/{uuid}: subscribe a visitor
import { route } from "@/lib/http/route";
import { pickLanguage } from "@/lib/i18n/lang";
import * as api from "@/modules/lists/operations/public-lists";
import { getPublicListInfo } from "@/modules/lists/services/public-lists";
import { subscribePublicly } from "@/modules/lists/services/public-subscribe";

export const GET = route(api.getPublicSubscriptionList, async ({ params }) => getPublicListInfo(params.uuid));

// The confirmation and welcome messages speak the caller's Accept-Language (Swedish by default).
export const POST = route(api.subscribeVisitor, async ({ request, params, body }) => subscribePublicly(params.uuid, body, pickLanguage(undefined, request.headers.get("accept-language"))));
