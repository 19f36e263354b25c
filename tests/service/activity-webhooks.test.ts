// Activities tell webhooks what happened (modules/activities/services): created, changed and deleted, a participant's
// place (enrolled, waitlisted, moved up, left), and attendance that changed, once; each payload parses by the schema
// the OpenAPI document shows.
import { expect, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { createActivity, deleteActivity, updateActivity } from "@/modules/activities/services/activities";
import { addOccasion, recordAttendance } from "@/modules/activities/services/occasions";
import { enrollParticipant, removeParticipant } from "@/modules/activities/services/participants";
import { CreateActivityRequest, UpdateActivityRequest } from "@/modules/activities/schemas/activity";
import { AddOccasionRequest } from "@/modules/activities/schemas/occasion";
import { createMember } from "@/modules/members/services/changes";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { payloadsOf } from "@/modules/webhooks/services/payloads";
import { createWebhookEndpoint } from "@/modules/webhooks/services/webhooks";
import { CreateWebhookEndpointRequest } from "@/modules/webhooks/schemas/webhooks";
import { makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";
import { ownDatabaseWithLoopbackWebhooks } from "../process-fixtures";

const op = operatorCaller();
ownDatabaseWithLoopbackWebhooks();

it("sends activity and attendance events with what happened, and nothing for a change that changes nothing", async () => {
  const company = await makeCompany("Webhookklubben");
  await createWebhookEndpoint(
    op,
    CreateWebhookEndpointRequest.parse({
      company_id: company.id,
      url: "http://127.0.0.1:9/hook",
      events: [
        "activity.created",
        "activity.updated",
        "activity.deleted",
        "activity.participant_changed",
        "attendance.recorded",
      ],
    }),
  );
  const member = () =>
    createMember(op, CreateMemberRequest.parse({ company_id: company.id, email: uniqueEmail("webhook") }));
  const [first, second] = [await member(), await member()];
  const activity = await createActivity(
    op,
    CreateActivityRequest.parse({ company_id: company.id, name: "Judo", capacity: 1 }),
  );
  await enrollParticipant(op, activity.id, first.id);
  await enrollParticipant(op, activity.id, second.id);
  await enrollParticipant(op, activity.id, second.id); // already waiting: no event
  await removeParticipant(op, activity.id, first.id); // the waitlist's first moves up
  const occasion = await addOccasion(
    op,
    activity.id,
    AddOccasionRequest.parse({ starts_at: "2026-09-01T18:00:00+02:00", duration_minutes: 60 }),
  );
  const present = [{ member_id: second.id, status: "PRESENT" as const }];
  await recordAttendance(op, occasion.id, present);
  await recordAttendance(op, occasion.id, present); // the same again: no event
  await updateActivity(op, activity.id, UpdateActivityRequest.parse({ location: "Dojon" }));
  const other = await createActivity(op, CreateActivityRequest.parse({ company_id: company.id, name: "Simning" }));
  await deleteActivity(op, other.id);

  // The outbox holds every event of the company (the members' too); the endpoint's are the activities'.
  const events = await db().webhookEvent.findMany({
    where: { companyId: company.id, type: { startsWith: "a" } },
    orderBy: { id: "asc" },
  });
  const bodies = (await payloadsOf(events)).map((text) => JSON.parse(text) as { type: string; data: object });
  const a = activity.id;
  expect(bodies.map((b) => [b.type, b.data])).toEqual([
    ["activity.created", { company_id: company.id, activity_id: a, name: "Judo" }],
    [
      "activity.participant_changed",
      { company_id: company.id, activity_id: a, member_id: first.id, status: "ENROLLED" },
    ],
    [
      "activity.participant_changed",
      { company_id: company.id, activity_id: a, member_id: second.id, status: "WAITLIST" },
    ],
    ["activity.participant_changed", { company_id: company.id, activity_id: a, member_id: first.id, status: "LEFT" }],
    [
      "activity.participant_changed",
      { company_id: company.id, activity_id: a, member_id: second.id, status: "ENROLLED" },
    ],
    [
      "attendance.recorded",
      {
        company_id: company.id,
        activity_id: a,
        occasion_id: occasion.id,
        records: [{ member_id: second.id, status: "PRESENT" }],
      },
    ],
    ["activity.updated", { company_id: company.id, activity_id: a, name: "Judo" }],
    ["activity.created", { company_id: company.id, activity_id: other.id, name: "Simning" }],
    ["activity.deleted", { company_id: company.id, activity_id: other.id, name: "Simning" }],
  ]);
});
