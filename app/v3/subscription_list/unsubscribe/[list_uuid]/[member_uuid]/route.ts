// GET  /v3/subscription_list/unsubscribe/{list_uuid}/{member_uuid}: the hosted confirmation page (changes nothing)
// POST /v3/subscription_list/unsubscribe/{list_uuid}/{member_uuid}: unsubscribe from one list; always {ok: true}.
// Also the RFC 8058 one-click target (body "List-Unsubscribe=One-Click"), so the body is not read.
import { z } from "zod";
import { route } from "@/lib/http/route";
import { unsubscribeByUuids } from "@/lib/services/subscriptions";
import { redirectToHostedPage } from "@/lib/http/hosted-page";
import { LinkUuid } from "@/lib/validation/subscription";

const params = z.object({ list_uuid: z.string(), member_uuid: z.string() });

export const GET = route({ auth: "none", rateLimit: { name: "public_get" }, params }, async ({ request, params }) =>
  redirectToHostedPage(request, `/unsubscribe/${params.list_uuid}/${params.member_uuid}`),
);

export const POST = route(
  { auth: "none", rateLimit: { name: "public_post" }, params: z.object({ list_uuid: LinkUuid, member_uuid: LinkUuid }) },
  async ({ params }) => {
    await unsubscribeByUuids(params.list_uuid, params.member_uuid);
    return { ok: true };
  },
);
