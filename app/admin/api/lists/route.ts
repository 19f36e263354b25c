// GET /admin/api/lists: every list in the caller's scope, with its company's name (the dashboard's list table)
import { route } from "@/lib/http/route";
import { listListsInScope } from "@/lib/services/subscription-lists";

export const GET = route({ auth: "session" }, async ({ caller }) => listListsInScope(caller));
