// POST /v3/sendout/{id}/pause: take no more of its recipients until resumed
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/sendout";
import { pauseSendout } from "@/lib/services/sendout-states";

export const POST = route(api.pauseSendout, async ({ caller, params }) => pauseSendout(caller, params.id));
