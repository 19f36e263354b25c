// GET  /v3/subscription_list/public/{uuid}: public info of an active list
// POST /v3/subscription_list/public/{uuid}: subscribe a visitor
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/public-lists";
import { getPublicListInfo } from "@/lib/services/public-lists";
import { subscribeVisitor } from "@/lib/services/subscriptions";

export const GET = route(api.getPublicSubscriptionList, async ({ params }) => getPublicListInfo(params.uuid));

export const POST = route(api.subscribeVisitor, async ({ params, body }) => subscribeVisitor(params.uuid, body));
