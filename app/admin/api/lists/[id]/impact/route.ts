// GET /admin/api/lists/{id}/impact: what deleting the list loses (for the confirmation dialog)
import { z } from "zod";
import { route } from "@/lib/http/route";
import { listDeletionImpact } from "@/lib/services/subscription-lists";
import { IntIdParam } from "@/lib/validation/common";

export const GET = route({ auth: "session", params: z.object({ id: IntIdParam }) }, async ({ caller, params }) => listDeletionImpact(caller, params.id));
