// LOK-stöd report shapes: a company's thresholds and the report over a period (module `activity`). Imports no server
// code.
import { z } from "zod";
import { CompanyId } from "@/lib/validation/common";
import { daysBetween, LocalDate } from "./activity";

export const LokReportQuery = z
  .object({
    company_id: CompanyId,
    from: LocalDate.meta({ description: "First day (local date), e.g. 2026-07-01 for the autumn half-year." }),
    to: LocalDate.meta({
      description: "Last day (local date, inclusive), e.g. 2026-12-31. At most 366 days after from.",
    }),
    lang: z.enum(["sv", "en"], { error: "must be sv or en" }).default("sv").meta({
      description: "The language of the reasons' texts (and of the CSV's headings).",
    }),
  })
  .refine((q) => typeof q.from !== "string" || typeof q.to !== "string" || q.to >= q.from, {
    error: "must be on or after from",
    path: ["to"],
  })
  .refine((q) => typeof q.from !== "string" || typeof q.to !== "string" || daysBetween(q.from, q.to) <= 366, {
    error: "must be at most 366 days after from",
    path: ["to"],
  });
export type LokReportQueryInput = z.output<typeof LokReportQuery>;

const age = (what: string) =>
  z
    .number({ error: "must be an integer" })
    .int({ error: "must be an integer" })
    .min(0, { error: "must be at least 0" })
    .max(120, { error: "must be at most 120" })
    .meta({ description: what });
const count = (what: string) =>
  z
    .number({ error: "must be an integer" })
    .int({ error: "must be an integer" })
    .min(1, { error: "must be at least 1" })
    .max(1000, { error: "must be at most 1000" })
    .meta({ description: what });

const thresholdFields = {
  min_age: age("Youngest participant counted, by birth year (RF-SISU: 7)."),
  max_age: age("Oldest participant counted, by birth year (RF-SISU: 25; no upper age with a disability)."),
  min_participants: count("Participants counted that an occasion needs (RF-SISU: 3)."),
  min_leader_age: age("A present leader's lowest age, by birth year (RF-SISU: 13)."),
  min_minutes: count("An occasion's shortest length (RF-SISU: 45; many municipalities: 60)."),
  max_participants_per_leader: count("Counted participants per present leader at most (RF-SISU: 20)."),
};

export const LokSettingsQuery = z.object({ company_id: CompanyId });

export const UpdateLokSettingsRequest = z
  .object({ company_id: CompanyId, ...thresholdFields })
  .refine((t) => typeof t.min_age !== "number" || typeof t.max_age !== "number" || t.max_age >= t.min_age, {
    error: "must be at least min_age",
    path: ["max_age"],
  })
  .meta({ id: "UpdateLokSettingsRequest" });
export type UpdateLokSettingsInput = z.output<typeof UpdateLokSettingsRequest>;

export const LokSettingsView = z
  .object({
    company_id: z.string(),
    source: z.enum(["RF_SISU", "COMPANY"]).meta({ description: "RF_SISU: the company has none of its own." }),
    ...thresholdFields,
    weekly_caps: z
      .array(z.object({ from_age: z.number().int(), to_age: z.number().int(), cap: z.number().int() }))
      .meta({ description: "Occasions a participant is counted in per week, by age band: RF-SISU's." }),
  })
  .meta({ id: "LokSettings" });

const Reason = z.object({
  code: z.enum(["CANCELLED", "TOO_SHORT", "TOO_FEW_PARTICIPANTS", "NO_LEADER", "TOO_MANY_PER_LEADER"]),
  text: z.string(),
});

const CountedByGender = z
  .object({ female: z.number().int(), male: z.number().int(), other: z.number().int(), unknown: z.number().int() })
  .meta({
    id: "LokCountedByGender",
    description: "Participants counted on qualifying occasions, by the member's gender (unknown: not given).",
  });

export const LokReport = z
  .object({
    company_id: z.string(),
    from: z.string(),
    to: z.string(),
    due: z.string().nullable().meta({ description: "When RF-SISU wants the report, when from-to is a half-year." }),
    settings: LokSettingsView,
    totals: z.object({
      occasions: z.number().int(),
      qualifying: z.number().int(),
      participants_counted: z.number().int().meta({ description: "Summed over the qualifying occasions." }),
      counted_by_gender: CountedByGender,
    }),
    activities: z.array(
      z.object({
        activity_id: z.number().int(),
        name: z.string(),
        occasions: z.number().int(),
        qualifying: z.number().int(),
        participants_counted: z.number().int(),
        counted_by_gender: CountedByGender,
      }),
    ),
    occasions: z.array(
      z.object({
        occasion_id: z.number().int(),
        activity_id: z.number().int(),
        date: z.string(),
        starts_at: z.string(),
        duration_minutes: z.number().int(),
        location: z.string().nullable(),
        qualifies: z.boolean(),
        participants_present: z.number().int(),
        participants_counted: z.number().int(),
        leaders_counted: z.number().int(),
        reasons: z.array(Reason),
      }),
    ),
  })
  .meta({ id: "LokReport" });
