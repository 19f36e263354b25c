// GET /admin/api/lists: every list in the caller's scope, with its company's name (the dashboard's list table)
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-lists";
import { listListsInScope } from "@/lib/services/subscription-lists";

export const GET = route(api.dashboardLists, async ({ caller }) => listListsInScope(caller));
