// POST /v3/subscription_list/{id}/unsubscribe/{member_id}: unsubscribe a member
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/api";
import { setMemberSubscription } from "@/modules/lists/services/subscribers";

export const POST = route(api.unsubscribeMember, async ({ caller, params }) =>
  setMemberSubscription(caller, params.id, params.member_id, false),
);
