// GET /admin/api/api-keys: the API keys of companies in the ADMIN's scope, with their access and last use
import { route } from "@/lib/http/route";
import * as api from "@/modules/access/operations/dashboard";
import { listApiKeys } from "@/modules/access/services/api-keys";

export const GET = route(api.dashboardApiKeys, async ({ caller }) => listApiKeys(caller));
