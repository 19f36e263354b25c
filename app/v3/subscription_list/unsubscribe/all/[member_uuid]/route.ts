// GET  /v3/subscription_list/unsubscribe/all/{member_uuid}?token=: the hosted confirmation page (changes nothing)
// POST /v3/subscription_list/unsubscribe/all/{member_uuid}: global opt-out with the signed token of a sendout link
import { z } from "zod";
import { route } from "@/lib/http/route";
import { optOutWithToken } from "@/lib/services/subscriptions";
import { GlobalOptOutRequest } from "@/lib/validation/subscription";
import { redirectToHostedPage } from "@/lib/http/hosted-page";

const params = z.object({ member_uuid: z.string() });

export const GET = route({ auth: "none", rateLimit: { name: "public_get" }, params }, async ({ request, params }) =>
  redirectToHostedPage(request, `/unsubscribe/all/${params.member_uuid}`),
);

export const POST = route(
  {
    auth: "none",
    rateLimit: { name: "public_post" },
    params,
    query: z.object({ token: z.string().optional() }),
    body: GlobalOptOutRequest,
  },
  async ({ params, query, body }) => {
    await optOutWithToken(params.member_uuid, body.token ?? query.token);
    return { ok: true };
  },
);
