// POST /v3/sendout/{id}/cancel: stop for good; recipients not yet sent to receive nothing
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/api";
import { cancelSendout } from "@/modules/sendouts/services/states";

export const POST = route(api.cancelSendout, async ({ caller, params }) => cancelSendout(caller, params.id));
