// GET /admin/api/sendouts/{id}/preview: the saved sendout as a sample recipient gets it, for the composer's frame
import { sendoutPreviewResponse } from "@/app/admin/(dashboard)/sendouts/preview";
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/dashboard";

export const GET = route(api.dashboardSendoutPreview, async ({ caller, params }) =>
  sendoutPreviewResponse(caller, params.id),
);
