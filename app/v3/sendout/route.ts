// GET  /v3/sendout?company_id=: a company's sendouts
// POST /v3/sendout: create a draft
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/api";
import { createSendout, listSendouts } from "@/modules/sendouts/services/sendouts";

export const GET = route(api.listSendouts, async ({ caller, query }) => listSendouts(caller, query.company_id));

export const POST = route(api.createSendout, async ({ caller, body }) => createSendout(caller, body));
