// GET /admin/api/users: the dashboard users inside the ADMIN's scope
import { route } from "@/lib/http/route";
import { listAdminUsers } from "@/lib/services/admin-users";

export const GET = route({ auth: "session" }, async ({ caller }) => listAdminUsers(caller));
