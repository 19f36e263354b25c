// /admin/activities/occasions/[id]: an occasion's attendance with its changes; ATTENDANCE.U corrects it. Unknown or
// out-of-scope occasions get the not-found page.
import { PageTitle } from "@/components/admin/ui/page-parts";
import { fill } from "@/lib/i18n/fill";
import { formatWallClock } from "@/lib/i18n/formats";
import { IntIdParam } from "@/lib/validation/common";
import { formatInZone } from "@/modules/events/schemas/event";
import { AttendanceView } from "@/modules/activities/components/attendance-view";
import { getActivity } from "@/modules/activities/services/activities";
import { attendanceHistory } from "@/modules/activities/services/attendance-history";
import { getOccasion } from "@/modules/activities/services/occasions";
import { activitiesMessages } from "@/modules/activities/texts/activities";
import { recordAttendanceAction } from "../../actions";
import { readObjectPage } from "../../../object-page";

export default async function OccasionPage({ params }: { params: Promise<{ id: string }> }) {
  const {
    caller,
    object: occasion,
    lang,
    canWrite,
    readOnlyText,
  } = await readObjectPage(params, IntIdParam, getOccasion, "ATTENDANCE.U");
  const [activity, history] = await Promise.all([
    getActivity(caller, occasion.activity_id),
    attendanceHistory(caller, occasion.id),
  ]);
  const t = activitiesMessages(lang);
  const today = formatInZone(new Date(), activity.time_zone).slice(0, 10);
  return (
    <>
      <PageTitle
        title={`${activity.name}: ${fill(t.attendance.title, { when: formatWallClock(lang, occasion.starts_at) })}`}
        back={{ href: `/admin/activities/${activity.id}`, label: fill(t.attendance.back, { name: activity.name }) }}
        readOnlyText={readOnlyText}
      />
      <AttendanceView
        occasion={occasion}
        history={history}
        canWrite={canWrite}
        recordable={occasion.status !== "CANCELLED" && occasion.starts_at.slice(0, 10) <= today}
        actions={{ recordAttendance: recordAttendanceAction }}
      />
    </>
  );
}
