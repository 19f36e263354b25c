// An activity with a leader who has a LEADER dashboard account, made through the real services: the account comes
// from an invitation accepted the way the invitation page accepts it. Used by the service tests and the leaders'
// page scenario.
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { createActivity } from "@/modules/activities/services/activities";
import { addOccasion } from "@/modules/activities/services/occasions";
import { enrollParticipant } from "@/modules/activities/services/participants";
import { CreateActivityRequest } from "@/modules/activities/schemas/activity";
import { AddOccasionRequest } from "@/modules/activities/schemas/occasion";
import { createMember } from "@/modules/members/services/changes";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { uniqueEmail } from "./member-fixtures";

const op = operatorCaller();

export async function newMember(companyId: string, fields: Record<string, unknown>) {
  return createMember(op, CreateMemberRequest.parse({ company_id: companyId, birthdate: "2016-03-01", ...fields }));
}

/**
 * An activity of `companyId` led by `leaderId`, with `participantIds` enrolled and one occasion starting now (today
 * wherever the test runs, so attendance can be recorded on it).
 */
export async function ledActivity(companyId: string, name: string, leaderId: number, participantIds: number[]) {
  const activity = await createActivity(
    op,
    CreateActivityRequest.parse({ company_id: companyId, name, capacity: 30, leader_ids: [leaderId] }),
  );
  for (const id of participantIds) await enrollParticipant(op, activity.id, id);
  const occasion = await addOccasion(
    op,
    activity.id,
    AddOccasionRequest.parse({ starts_at: new Date().toISOString(), duration_minutes: 60, location: "Stora salen" }),
  );
  return { activity, occasion };
}

/** A leader member with an address of its own, and the password its LEADER account will get. */
export async function leaderMember(companyId: string, firstname: string) {
  const member = await newMember(companyId, { email: uniqueEmail("ledare"), firstname, lastname: "Ledare" });
  return { member, password: crypto.randomBytes(12).toString("base64url") };
}

/** The LEADER user of a member (after its invitation was accepted). */
export async function leaderUserOf(memberId: number) {
  return db().adminUser.findFirstOrThrow({ where: { memberId, role: "LEADER" } });
}
