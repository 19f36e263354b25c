// GET /v3/subscription_list/member/{member_id}: the member's available lists with is_subscribed
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/api";
import { listsForMember } from "@/modules/lists/services/subscribers";

export const GET = route(api.listsOfMember, async ({ caller, params }) => listsForMember(caller, params.member_id));
