// GET /admin/api/lists/companies?q=: the companies in scope a new list can belong to (the "new list" dialog)
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/dashboard";
import { listCompaniesForLists } from "@/modules/lists/services/lists";

export const GET = route(api.dashboardListCompanies, async ({ caller, query }) =>
  listCompaniesForLists(caller, query.q),
);
