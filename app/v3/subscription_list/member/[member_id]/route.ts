// GET /v3/subscription_list/member/{member_id}: the member's available lists with is_subscribed
import { z } from "zod";
import { route } from "@/lib/http/route";
import { listsForMember } from "@/lib/services/subscribers";
import { IntIdParam } from "@/lib/validation/common";

export const GET = route(
  { auth: "bearer", module: "subscription_list", params: z.object({ member_id: IntIdParam }) },
  async ({ caller, params }) => listsForMember(caller, params.member_id),
);
