// GET /admin/api/lists/{id}: one list as the editor shows it
import { z } from "zod";
import { route } from "@/lib/http/route";
import { getList } from "@/lib/services/subscription-lists";
import { IntIdParam } from "@/lib/validation/common";

export const GET = route({ auth: "session", params: z.object({ id: IntIdParam }) }, async ({ caller, params }) => getList(caller, params.id));
