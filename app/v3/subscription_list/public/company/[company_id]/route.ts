// GET /v3/subscription_list/public/company/{company_id}: the organization's active lists (no uuids)
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/public-lists";
import { listPublicListsOfCompany } from "@/modules/lists/services/public-lists";

export const GET = route(api.listPublicSubscriptionLists, async ({ params }) => listPublicListsOfCompany(params.company_id));
