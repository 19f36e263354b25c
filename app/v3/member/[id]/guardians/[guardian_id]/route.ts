// PUT /v3/member/{id}/guardians/{guardian_id}: link a guardian; DELETE: remove the link
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/families";
import { addGuardian, removeGuardian } from "@/modules/activities/services/families";

export const PUT = route(api.setMemberGuardian, async ({ caller, params, body }) =>
  addGuardian(caller, params.id, params.guardian_id, body.relation),
);
export const DELETE = route(api.removeMemberGuardian, async ({ caller, params }) =>
  removeGuardian(caller, params.id, params.guardian_id),
);
