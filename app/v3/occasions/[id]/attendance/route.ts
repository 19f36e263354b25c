// PUT /v3/occasions/{id}/attendance: record attendance (idempotent)
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/api";
import { recordAttendance } from "@/modules/activities/services/occasions";

export const PUT = route(api.recordAttendance, async ({ caller, params, body }) =>
  recordAttendance(caller, params.id, body.attendance),
);
