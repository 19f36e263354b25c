// GET /admin/api/users: the dashboard users inside the ADMIN's scope
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-access";
import { listAdminUsers } from "@/lib/services/admin-users";

export const GET = route(api.dashboardAdminUsers, async ({ caller }) => listAdminUsers(caller));
