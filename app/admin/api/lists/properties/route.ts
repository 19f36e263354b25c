// GET /admin/api/lists/properties?company_id=: the company's property groups, the questions a list can ask
import { route } from "@/lib/http/route";
import { listPropertyGroups } from "@/lib/services/properties";
import { ListQuery } from "@/lib/validation/subscription";

export const GET = route({ auth: "session", query: ListQuery }, async ({ caller, query }) => listPropertyGroups(caller, query.company_id));
