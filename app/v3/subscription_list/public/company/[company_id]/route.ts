// GET /v3/subscription_list/public/company/{company_id}: the organization's active lists (no uuids)
import { z } from "zod";
import { route } from "@/lib/http/route";
import { listPublicListsOfCompany } from "@/lib/services/public-lists";

export const GET = route(
  { auth: "none", rateLimit: { name: "public_get" }, params: z.object({ company_id: z.string() }) },
  async ({ params }) => listPublicListsOfCompany(params.company_id),
);
