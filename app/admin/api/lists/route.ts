// GET /admin/api/lists: every list in the caller's scope, with its company's name (the dashboard's list table)
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/dashboard";
import { listListsInScope } from "@/modules/lists/services/lists";

export const GET = route(api.dashboardLists, async ({ caller }) => listListsInScope(caller));
