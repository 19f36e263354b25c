// GET /v3/member/{id}/guardians: the member's guardians with their consents
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/families";
import { listGuardians } from "@/modules/activities/services/families";

export const GET = route(api.listMemberGuardians, async ({ caller, params }) => listGuardians(caller, params.id));
