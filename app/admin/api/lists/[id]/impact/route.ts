// GET /admin/api/lists/{id}/impact: what deleting the list loses (for the confirmation dialog)
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-lists";
import { listDeletionImpact } from "@/lib/services/subscription-lists";

export const GET = route(api.dashboardListImpact, async ({ caller, params }) => listDeletionImpact(caller, params.id));
