// The activity screens' list (modules/activities/services/dashboard.ts): each activity with the start of its next
// scheduled occasion, in its own time zone; a cancelled or past occasion is not the next one, and an activity without
// a coming occasion has none.
import { describe, expect, it } from "vitest";
import { operatorCaller } from "@/modules/access/services/caller";
import { createActivity } from "@/modules/activities/services/activities";
import { listActivitiesWithNext } from "@/modules/activities/services/dashboard";
import { listOccasions, updateOccasion } from "@/modules/activities/services/occasions";
import { CreateActivityRequest } from "@/modules/activities/schemas/activity";
import { makeCompany } from "../helpers";

const op = operatorCaller();

describe("the activity list's next occasion", () => {
  it("is the first coming occasion that is not cancelled", async () => {
    const company = await makeCompany("Nästa tillfälle");
    const rule = { weekday: 1, start_time: "17:00", duration_minutes: 60, from: "2026-09-07", to: "2026-09-28" };
    const swimming = await createActivity(
      op,
      CreateActivityRequest.parse({ company_id: company.id, name: "Simning", schedule: [rule] }),
    );
    await createActivity(
      op,
      CreateActivityRequest.parse({
        company_id: company.id,
        name: "Schack",
        time_zone: "Europe/London",
        schedule: [{ ...rule, weekday: 2 }],
      }),
    );
    await createActivity(op, CreateActivityRequest.parse({ company_id: company.id, name: "Utan schema" }));
    const [first, second] = await listOccasions(op, swimming.id, {});
    await updateOccasion(op, second.id, { status: "CANCELLED" });

    // After the first occasion (7 September): the second is cancelled, so the next is the third.
    const after = new Date(Date.parse(first.starts_at) + 60_000);
    const next = new Map(
      (await listActivitiesWithNext(op, company.id, after)).map((a) => [a.name, a.next_occasion_at]),
    );
    expect(next).toEqual(
      new Map([
        ["Simning", "2026-09-21T17:00:00+02:00"],
        ["Schack", "2026-09-08T17:00:00+01:00"],
        ["Utan schema", null],
      ]),
    );
    const later = await listActivitiesWithNext(op, company.id, new Date("2026-10-01T00:00:00Z"));
    expect(later.map((a) => a.next_occasion_at)).toEqual([null, null, null]);
  });
});
