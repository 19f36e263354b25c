// POST /v3/sendout/{id}/resume: continue with the recipients not yet sent to
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/api";
import { resumeSendout } from "@/modules/sendouts/services/states";

export const POST = route(api.resumeSendout, async ({ caller, params }) => resumeSendout(caller, params.id));
