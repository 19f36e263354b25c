// GET /v3/sendout/{id}: one sendout with its status and counts
// PUT /v3/sendout/{id}: change a draft
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/api";
import { getSendout, updateSendout } from "@/modules/sendouts/services/sendouts";

export const GET = route(api.getSendout, async ({ caller, params }) => getSendout(caller, params.id));

export const PUT = route(api.updateSendout, async ({ caller, params, body }) => updateSendout(caller, params.id, body));
