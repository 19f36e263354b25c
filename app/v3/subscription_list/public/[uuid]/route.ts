// GET  /v3/subscription_list/public/{uuid}: public info of an active list
// POST /v3/subscription_list/public/{uuid}: subscribe a visitor
import { z } from "zod";
import { route } from "@/lib/http/route";
import { json } from "@/lib/http/responses";
import { getPublicListInfo } from "@/lib/services/public-lists";
import { subscribeVisitor } from "@/lib/services/subscriptions";
import { LinkUuid, SubscribeRequest } from "@/lib/validation/subscription";

const params = z.object({ uuid: LinkUuid });

export const GET = route({ auth: "none", rateLimit: { name: "public_get" }, params }, async ({ params }) =>
  getPublicListInfo(params.uuid),
);

export const POST = route(
  { auth: "none", rateLimit: { name: "public_post" }, params, body: SubscribeRequest },
  async ({ params, body }) => json(await subscribeVisitor(params.uuid, body), 201),
);
