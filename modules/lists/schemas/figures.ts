// A list's figures over time (GET /admin/api/lists/{id}/figures): new subscriptions, unsubscribes and the active
// total per day, in Swedish days, for the last 30, 90 or 365 days. The day rows have the overview chart's shape.
import { z } from "zod";

export const LIST_FIGURE_PERIODS = ["30", "90", "365"] as const;

export const ListFiguresQuery = z.object({
  days: z.enum(LIST_FIGURE_PERIODS, { error: "must be 30, 90 or 365" }).default("30").transform(Number),
});

export const ListFigures = z.object({
  days: z.number().int(),
  active_subscribers: z.number().int(),
  per_day: z.array(
    z.object({
      date: z.string().meta({ description: "YYYY-MM-DD (a day in Swedish time)" }),
      subscribed: z.number().int(),
      unsubscribed: z.number().int(),
      total: z.number().int().meta({ description: "Active subscribers at the end of the day" }),
    }),
  ),
});
