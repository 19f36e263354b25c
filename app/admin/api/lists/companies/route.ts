// GET /admin/api/lists/companies?q=: the companies in scope a new list can belong to (the "new list" dialog)
import { route } from "@/lib/http/route";
import { listCompaniesForLists } from "@/lib/services/subscription-lists";
import { ListCompaniesQuery } from "@/lib/validation/subscription";

export const GET = route({ auth: "session", query: ListCompaniesQuery }, async ({ caller, query }) => listCompaniesForLists(caller, query.q));
