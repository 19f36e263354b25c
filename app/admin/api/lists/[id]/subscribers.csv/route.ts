// GET /admin/api/lists/{id}/subscribers.csv?status=&q=: the list's subscribers as a CSV download for Excel, with the
// table's filters, in the staff member's language, streamed (csv-response.ts); scope is checked before the first
// byte, so refusals are ordinary errors.
import { route } from "@/lib/http/route";
import { adminLanguage } from "@/lib/i18n/admin-language";
import * as api from "@/lib/operations/dashboard-lists";
import { subscribersCsv } from "@/lib/services/subscribers-export";
import { csvResponse } from "../../csv-response";

export const GET = route(api.dashboardListSubscribersCsv, async ({ caller, params, query }) => csvResponse(await subscribersCsv(caller, params.id, query, await adminLanguage())));
