// Moving a participant to another activity of the same company (another group, another day): enrolled there as any
// new participant would be (ENROLLED while there is room, else on its waitlist), then LEFT here, which frees the place
// for this activity's waitlist. Both in one transaction, the two activities locked in id order (two moves the opposite
// ways wait for each other instead of deadlocking): the member is moved or stays, never in both or neither. Each
// step is audited as enrolling and leaving are.
import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { Conflict, ValidationFailed } from "@/lib/errors";
import { requirePermission } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import type { ActivityDetail, ParticipantStatus } from "../schemas/activity";
import { activityInScope, lockActivity } from "./activity-access";
import { getActivity } from "./activities";
import { enrollInTransaction, leaveInTransaction } from "./participants";

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
  const status = await db().$transaction(async (tx) => {
    for (const id of [from.id, to.id].sort((a, b) => a - b)) await lockActivity(tx, id);
    const here = await tx.activityParticipant.findUnique({
      where: { activityId_memberId: { activityId: input.id, memberId: input.member_id } },
      select: { status: true },
    });
    if (!here || here.status === "LEFT") throw new Conflict("member is not a participant of the activity");
    const there = await enrollInTransaction(tx, caller, to, input.member_id);
    await leaveInTransaction(tx, caller, from, input.member_id);
    return there;
  });
  return { activity: await getActivity(caller, input.id), status_there: status };
}
