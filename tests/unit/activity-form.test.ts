// The dashboard's activity form (modules/activities/schemas/activity-form.ts): its values as typed become a body the
// API's own schemas accept (numbers from text, empty fields as null, the exception dates from lines or commas), and
// a row whose last day is before its first, or a date that does not exist, is refused on the form.
import { describe, expect, it } from "vitest";
import { ActivityForm, activityBodyOf, type ActivityFormValues } from "@/modules/activities/schemas/activity-form";
import { CreateActivityRequest, UpdateActivityRequest } from "@/modules/activities/schemas/activity";

const values: ActivityFormValues = {
  name: " Judo ",
  description: "",
  location: "Dojon",
  birth_year_from: "2014",
  birth_year_to: "",
  capacity: "12",
  time_zone: "Europe/Stockholm",
  skip_holidays: false,
  signup_open: true,
  except_dates: "2026-10-27\n2026-10-28, 2026-10-29",
  schedule: [{ weekday: "2", start_time: "18:00", duration_minutes: "90", from: "2026-09-01", to: "2026-12-15" }],
};

describe("the activity form", () => {
  it("gives a body the API's schemas accept", () => {
    expect(ActivityForm.safeParse(values).success).toBe(true);
    const body = activityBodyOf(values);
    expect(body).toMatchObject({
      birth_year_from: 2014,
      birth_year_to: null,
      capacity: 12,
      skip_holidays: false,
      signup_open: true,
      except_dates: ["2026-10-27", "2026-10-28", "2026-10-29"],
      schedule: [{ weekday: 2, start_time: "18:00", duration_minutes: 90, from: "2026-09-01", to: "2026-12-15" }],
    });
    expect(CreateActivityRequest.parse({ ...body, company_id: "0b6f2a8e-3c1d-4e5f-9a7b-1c2d3e4f5a6b" })).toMatchObject({
      name: "Judo",
      capacity: 12,
    });
    expect(UpdateActivityRequest.parse(body)).toMatchObject({ location: "Dojon", except_dates: body.except_dates });
  });

  it("refuses a row that ends before it starts, a date that does not exist and a year that is not a number", () => {
    const result = ActivityForm.safeParse({
      ...values,
      birth_year_from: "20x4",
      except_dates: "2026-02-30",
      schedule: [{ ...values.schedule[0], to: "2026-08-01" }],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join(".")).sort()).toEqual([
      "birth_year_from",
      "except_dates",
      "schedule.0.to",
    ]);
  });
});
