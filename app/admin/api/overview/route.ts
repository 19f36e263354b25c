// GET /admin/api/overview: the dashboard's overview counts and the 30-day chart
import { route } from "@/lib/http/route";
import { overview } from "@/lib/services/overview";

export const GET = route({ auth: "session" }, async ({ caller }) => overview(caller));
