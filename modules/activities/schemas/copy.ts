// Copying an activity to a new term (POST /v3/activities/{id}/copy, an extension beyond the contract). Imports no
// server code.
import { z } from "zod";
import { requiredText } from "@/lib/validation/common";
import { daysBetween, LocalDate } from "./activity";

/** What a copy brings of the participants: nobody, or the ENROLLED ones (up to capacity, the rest waiting). */
const COPIED_PARTICIPANTS = ["none", "enrolled"] as const;

export const CopyActivityRequest = z
  .object({
    name: requiredText(200).optional().meta({ description: "The copy's name; left out, the original's." }),
    from_date: LocalDate.meta({
      description: "The first day of the new term: the schedule's earliest date moves here, every rule as far.",
    }),
    to_date: LocalDate.optional().meta({
      description:
        "The last day of the new term: rules that ran to the original's end run to it. Left out: the original term's " +
        "length from `from_date`. Less than 366 days after `from_date`.",
    }),
    participants: z
      .enum(COPIED_PARTICIPANTS, { error: "must be none or enrolled" })
      .default("none")
      .meta({
        description:
          "`enrolled`: the original's ENROLLED participants join the copy in their order, ENROLLED up to its " +
          "capacity and on the waitlist after. `none` (default): the copy starts without participants.",
      }),
  })
  .refine((c) => typeof c.to_date !== "string" || typeof c.from_date !== "string" || c.to_date >= c.from_date, {
    error: "must be on or after from_date",
    path: ["to_date"],
  })
  .refine(
    (c) =>
      typeof c.to_date !== "string" || typeof c.from_date !== "string" || daysBetween(c.from_date, c.to_date) < 366,
    { error: "must be less than 366 days after from_date", path: ["to_date"] },
  )
  .meta({ id: "CopyActivityRequest" });
export type CopyActivityInput = z.output<typeof CopyActivityRequest>;

const shape = CopyActivityRequest.shape;
const blankAsUndefined = (value: string) => value.trim() || undefined;

/** The dashboard's copy form over the same rules: the optional name and last day typed as strings, empty when left out. */
export const CopyActivityForm = z.object({
  name: z.string().transform(blankAsUndefined).pipe(shape.name),
  from_date: shape.from_date,
  to_date: z.string().transform(blankAsUndefined).pipe(shape.to_date),
  participants: shape.participants.unwrap(),
});
export type CopyActivityFormValues = z.input<typeof CopyActivityForm>;
