// GET  /v3/subscription_list?company_id=: an organization's lists
// POST /v3/subscription_list: create a list
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/api";
import { createList, listListsOfCompany } from "@/modules/lists/services/lists";

export const GET = route(api.listSubscriptionLists, async ({ caller, query }) =>
  listListsOfCompany(caller, query.company_id),
);

export const POST = route(api.createSubscriptionList, async ({ caller, body }) => createList(caller, body));
