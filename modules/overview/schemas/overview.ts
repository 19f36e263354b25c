// What the dashboard's overview reads (GET /admin/api/overview). A part the caller's modules do not cover is null.
import { z } from "zod";
import { FkStatus } from "@/modules/companies/schemas/company";

export const Overview = z.object({
  members: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Members in the caller's scope, as the member register counts them" }),
  lists: z.number().int().nullable(),
  active_subscribers: z.number().int().nullable(),
  companies_by_fk_status: z.array(z.object({ status: FkStatus, count: z.number().int() })).nullable(),
  per_day: z
    .array(
      z.object({
        date: z.string().meta({ description: "YYYY-MM-DD (UTC)" }),
        subscribed: z.number().int(),
        unsubscribed: z.number().int(),
      }),
    )
    .nullable(),
});
