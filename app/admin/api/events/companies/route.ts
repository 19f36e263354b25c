// GET /admin/api/events/companies: the companies in scope the event screen can show
import { route } from "@/lib/http/route";
import { eventCompanyChoices } from "@/lib/services/member-dashboard";

export const GET = route({ auth: "session", module: "event" }, async ({ caller }) => eventCompanyChoices(caller));
