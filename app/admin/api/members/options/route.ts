// GET /admin/api/members/options: companies, periods, member types, properties and events to filter and edit members by
import { route } from "@/lib/http/route";
import * as api from "@/modules/members/operations/dashboard";
import { memberScreenOptions } from "@/modules/members/services/dashboard";

export const GET = route(api.dashboardMemberOptions, async ({ caller }) => memberScreenOptions(caller));
