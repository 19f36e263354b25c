"use server";
// The leaders' page's writes: one occasion's taps as the phone's queue sends them, and the same as a plain form post
// for a phone without JavaScript (then back to the page, saying whether it was saved).
import { redirect } from "next/navigation";
import { action } from "@/lib/actions/action";
import { recordAttendance } from "@/modules/activities/services/occasions";
import { LeaderAttendanceRequest } from "@/modules/activities/schemas/leader";

export const sendLeaderAttendanceAction = action(
  { auth: "session", module: "activity", permission: "ATTENDANCE.U", input: LeaderAttendanceRequest },
  async (input, { caller }) => {
    await recordAttendance(caller, input.occasion_id, input.attendance);
    return { occasion_id: input.occasion_id };
  },
);

/** The form without JavaScript: `status-<member id>` fields, each person's chosen status. */
export async function saveLeaderAttendanceForm(form: FormData): Promise<void> {
  const occasionId = Number(form.get("occasion_id"));
  const attendance = [...form.entries()]
    .filter(([name]) => /^status-\d{1,10}$/.test(name))
    .slice(0, 500)
    .map(([name, value]) => ({ member_id: Number(name.slice(7)), status: String(value) as "PRESENT" }));
  const result =
    attendance.length === 0 ? { ok: true } : await sendLeaderAttendanceAction({ occasion_id: occasionId, attendance });
  redirect(`/admin/leader?${result.ok ? "saved" : "failed"}=${Number.isInteger(occasionId) ? occasionId : 0}`);
}
