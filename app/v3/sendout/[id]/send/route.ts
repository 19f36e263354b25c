// POST /v3/sendout/{id}/send: send a draft now, or schedule it (send_at)
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/api";
import { sendSendout } from "@/modules/sendouts/services/states";

export const POST = route(api.sendSendout, async ({ caller, params, body }) => sendSendout(caller, params.id, body));
