// GET /admin/api/outbox/{id}: one caught message's headers, links and plain text
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/dashboard-outbox";
import { getOutboxMessage } from "@/modules/sendouts/services/outbox";

export const GET = route(api.dashboardOutboxMessage, async ({ caller, params }) => getOutboxMessage(caller, params.id));
