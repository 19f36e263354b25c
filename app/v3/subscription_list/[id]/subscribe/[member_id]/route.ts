// POST /v3/subscription_list/{id}/subscribe/{member_id}: subscribe a member of the list's organization
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/api";
import { setMemberSubscription } from "@/modules/lists/services/subscribers";

export const POST = route(api.subscribeMember, async ({ caller, params }) =>
  setMemberSubscription(caller, params.id, params.member_id, true),
);
