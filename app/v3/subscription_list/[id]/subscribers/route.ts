// GET /v3/subscription_list/{id}/subscribers: subscribers, paginated, newest first
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/subscription";
import { listSubscribers } from "@/lib/services/subscribers";

export const GET = route(api.listSubscribers, async ({ caller, params, query }) => listSubscribers(caller, params.id, query));
