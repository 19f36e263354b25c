// GET /admin/api/members/options: companies, periods, member types, properties and events to filter and edit members by
import { route } from "@/lib/http/route";
import { memberScreenOptions } from "@/lib/services/member-dashboard";

export const GET = route({ auth: "session", module: "member" }, async ({ caller }) => memberScreenOptions(caller));
