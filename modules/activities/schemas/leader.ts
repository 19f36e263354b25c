// The leaders' page and leader invitations: the shapes the dashboard sends. Imports no server code.
import { z } from "zod";
import { IntId } from "@/lib/validation/common";
import { RecordAttendanceRequest } from "./occasion";

export const InviteLeaderRequest = z.object({ activity_id: IntId, member_id: IntId });
export type InviteLeaderInput = z.output<typeof InviteLeaderRequest>;

/** One occasion's records from the leaders' page: the taps kept in the phone, sent together. */
export const LeaderAttendanceRequest = RecordAttendanceRequest.extend({ occasion_id: IntId });

/** One activity's leaders as the invitation panel lists them. */
export interface InvitableActivity {
  activity_id: number;
  activity_name: string;
  company_name: string;
  leaders: { member_id: number; name: string; email: string | null; has_account: boolean }[];
}
