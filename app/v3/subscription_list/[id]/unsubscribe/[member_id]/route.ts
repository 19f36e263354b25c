// POST /v3/subscription_list/{id}/unsubscribe/{member_id}: unsubscribe a member
import { route } from "@/lib/http/route";
import { setMemberSubscription } from "@/lib/services/subscribers";
import { ListMemberParams } from "@/lib/validation/subscription";

export const POST = route(
  { auth: "bearer", module: "subscription_list", permission: "SUBSCRIPTION_LIST.U", params: ListMemberParams },
  async ({ caller, params }) => setMemberSubscription(caller, params.id, params.member_id, false),
);
