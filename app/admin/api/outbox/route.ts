// GET /admin/api/outbox?page=: one page of the mail the embedded catcher kept, newest first
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/dashboard-outbox";
import { listOutbox } from "@/modules/sendouts/services/outbox";

export const GET = route(api.dashboardOutbox, async ({ caller, query }) => listOutbox(caller, query));
