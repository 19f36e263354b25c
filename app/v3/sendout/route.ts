// GET  /v3/sendout?company_id=: a company's sendouts
// POST /v3/sendout: create a draft
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/sendout";
import { createSendout, listSendouts } from "@/lib/services/sendouts";

export const GET = route(api.listSendouts, async ({ caller, query }) => listSendouts(caller, query.company_id));

export const POST = route(api.createSendout, async ({ caller, body }) => createSendout(caller, body));
