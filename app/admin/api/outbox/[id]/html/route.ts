// GET /admin/api/outbox/{id}/html: a caught message's HTML for the Outbox's sandboxed frame, under its own CSP
import { mailFrameResponse } from "@/lib/http/mail-frame";
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/dashboard-outbox";
import { getOutboxHtml } from "@/modules/sendouts/services/outbox";

export const GET = route(api.dashboardOutboxHtml, async ({ caller, params }) =>
  mailFrameResponse(await getOutboxHtml(caller, params.id)),
);
