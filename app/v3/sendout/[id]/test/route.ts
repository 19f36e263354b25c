// POST /v3/sendout/{id}/test: one copy to a staff address
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/api";
import { sendTestCopy } from "@/modules/sendouts/services/test-copy";

export const POST = route(api.sendTestSendout, async ({ caller, params, body }) =>
  sendTestCopy(caller, params.id, body.email),
);
