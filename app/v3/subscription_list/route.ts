// GET  /v3/subscription_list?company_id=: an organization's lists
// POST /v3/subscription_list: create a list
import { route } from "@/lib/http/route";
import { json } from "@/lib/http/responses";
import { createList, listListsOfCompany } from "@/lib/services/subscription-lists";
import { CreateListRequest, ListQuery } from "@/lib/validation/subscription";

export const GET = route({ auth: "bearer", module: "subscription_list", query: ListQuery }, async ({ caller, query }) =>
  listListsOfCompany(caller, query.company_id),
);

export const POST = route(
  { auth: "bearer", module: "subscription_list", permission: "SUBSCRIPTION_LIST.U", body: CreateListRequest },
  async ({ caller, body }) => json(await createList(caller, body), 201),
);
