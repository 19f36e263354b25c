// GET /admin/api/lists/{id}/impact: what deleting the list loses (for the confirmation dialog)
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/dashboard";
import { listDeletionImpact } from "@/modules/lists/services/lists";

export const GET = route(api.dashboardListImpact, async ({ caller, params }) => listDeletionImpact(caller, params.id));
