// POST /v3/sendout/{id}/pause: take no more of its recipients until resumed
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/api";
import { pauseSendout } from "@/modules/sendouts/services/states";

export const POST = route(api.pauseSendout, async ({ caller, params }) => pauseSendout(caller, params.id));
