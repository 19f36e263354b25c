// POST /v3/sendout/{id}/resume: continue with the recipients not yet sent to
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/sendout";
import { resumeSendout } from "@/lib/services/sendout-states";

export const POST = route(api.resumeSendout, async ({ caller, params }) => resumeSendout(caller, params.id));
