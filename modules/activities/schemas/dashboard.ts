// What the dashboard's activity screens read beside the /v3 shapes: the list's rows with each activity's next
// occasion. Imports no server code.
import { z } from "zod";
import { ActivityView } from "./activity";

export const ActivityListRow = ActivityView.extend({
  next_occasion_at: z
    .string()
    .nullable()
    .meta({ description: "The start of the next scheduled occasion (ISO 8601 in the activity's zone), if any." }),
});

const STATUS = z.enum(["PRESENT", "ABSENT", "EXCUSED"]);

export const AttendanceChangeView = z.object({
  member_id: z.number().int(),
  from_status: STATUS.nullable(),
  to_status: STATUS,
  changed_at: z.string(),
  changed_by: z.string(),
});
