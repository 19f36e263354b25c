// GET /admin/api/sendouts/{id}: one sendout with its figures (the sendout's page reads it again while it sends)
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/dashboard";
import { getSendout } from "@/modules/sendouts/services/sendouts";

export const GET = route(api.dashboardSendout, async ({ caller, params }) => getSendout(caller, params.id));
