// Moving a participant to another activity of the same company (another group, another day): enrolled there as any
// new participant would be (ENROLLED while there is room, else on its waitlist), then LEFT here, which frees the place
// for this activity's waitlist. The two steps are the services' own transactions, enrollment first: a failure leaves
// the member where they were, or in both, never in neither. Every step is audited by those services.
import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { Conflict, ValidationFailed } from "@/lib/errors";
import { requirePermission } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import type { ActivityDetail, ParticipantStatus } from "../schemas/activity";
import { activityInScope } from "./activity-access";
import { getActivity } from "./activities";
import { enrollParticipant, removeParticipant } from "./participants";

export async function moveParticipant(
  caller: Caller,
  input: { id: number; member_id: number; to_activity_id: number },
): Promise<{ activity: z.output<typeof ActivityDetail>; status_there: ParticipantStatus }> {
  const from = await activityInScope(caller, input.id);
  requirePermission(caller, "ACTIVITY.U");
  if (input.to_activity_id === input.id) {
    throw new ValidationFailed({ to_activity_id: ["must be another activity"] });
  }
  const to = await activityInScope(caller, input.to_activity_id);
  if (to.companyId !== from.companyId) {
    throw new ValidationFailed({ to_activity_id: ["must be an activity of the same company"] });
  }
  const here = await db().activityParticipant.findUnique({
    where: { activityId_memberId: { activityId: input.id, memberId: input.member_id } },
    select: { status: true },
  });
  if (!here || here.status === "LEFT") throw new Conflict("member is not a participant of the activity");
  const there = await enrollParticipant(caller, input.to_activity_id, input.member_id);
  await removeParticipant(caller, input.id, input.member_id);
  const status = there.participants.find((p) => p.member_id === input.member_id)!.status;
  return { activity: await getActivity(caller, input.id), status_there: status };
}
