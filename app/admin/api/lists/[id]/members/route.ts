// GET /admin/api/lists/{id}/members?q=: members of the list's organization matching an email or name (to subscribe)
import { z } from "zod";
import { route } from "@/lib/http/route";
import { findMembersForList } from "@/lib/services/subscribers";
import { IntIdParam } from "@/lib/validation/common";

const query = z.object({ q: z.string().max(200).default("") });

export const GET = route({ auth: "session", params: z.object({ id: IntIdParam }), query }, async ({ caller, params, query }) =>
  findMembersForList(caller, params.id, query.q),
);
