// GET /admin/api/lists/{id}/subscribers?page=&limit=&status=&q=: one page of the list's subscribers, with the count
import { z } from "zod";
import { route } from "@/lib/http/route";
import { listSubscribers } from "@/lib/services/subscribers";
import { SubscribersQuery } from "@/lib/validation/subscription";
import { IntIdParam } from "@/lib/validation/common";

export const GET = route(
  { auth: "session", params: z.object({ id: IntIdParam }), query: SubscribersQuery },
  async ({ caller, params, query }) => listSubscribers(caller, params.id, query),
);
