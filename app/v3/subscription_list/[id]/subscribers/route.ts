// GET /v3/subscription_list/{id}/subscribers: subscribers, paginated, newest first
import { z } from "zod";
import { route } from "@/lib/http/route";
import { listSubscribers } from "@/lib/services/subscribers";
import { SubscribersQuery } from "@/lib/validation/subscription";
import { IntIdParam } from "@/lib/validation/common";

export const GET = route(
  { auth: "bearer", module: "subscription_list", params: z.object({ id: IntIdParam }), query: SubscribersQuery },
  async ({ caller, params, query }) => listSubscribers(caller, params.id, query),
);
