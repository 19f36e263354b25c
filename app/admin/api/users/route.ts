// GET /admin/api/users: the dashboard users inside the ADMIN's scope
import { route } from "@/lib/http/route";
import * as api from "@/modules/access/operations/dashboard";
import { listAdminUsers } from "@/modules/access/services/admin-users";

export const GET = route(api.dashboardAdminUsers, async ({ caller }) => listAdminUsers(caller));
