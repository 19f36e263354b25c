// /admin/leader: a LEADER user's attendance page on the phone: today's occasions of the activities it leads (the
// next ones when there are none today), each person one row of large choices, and who lacks contact details.
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { LeaderAttendanceBoard } from "@/modules/activities/components/leader-attendance";
import { leaderOccasions } from "@/modules/activities/services/leader-occasions";
import { leaderMessages } from "@/modules/activities/texts/leader";
import { saveLeaderAttendanceForm, sendLeaderAttendanceAction } from "./actions";

export default async function LeaderPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const caller = await requirePageCaller();
  const lang = await adminLanguage();
  const t = leaderMessages(lang).page;
  const [{ today, occasions }, query] = await Promise.all([leaderOccasions(caller, new Date()), searchParams]);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">{t.title}</h1>
      <p className="text-slate-700">{t.intro}</p>
      {query.saved !== undefined && (
        <p role="status" className="rounded-md border border-green-700 bg-green-50 p-3 text-green-900">
          {t.saved}
        </p>
      )}
      {query.failed !== undefined && (
        <p role="alert" className="rounded-md border border-red-800 bg-red-50 p-3 text-red-900">
          {t.failed}
        </p>
      )}
      {occasions.length === 0 ? (
        <p className="text-slate-700">{t.none}</p>
      ) : (
        <>
          <h2 className="text-lg font-semibold text-slate-900">{today ? t.today : t.upcoming}</h2>
          <LeaderAttendanceBoard
            occasions={occasions}
            lang={lang}
            userId={caller.userId ?? 0}
            send={sendLeaderAttendanceAction}
            saveForm={saveLeaderAttendanceForm}
          />
        </>
      )}
    </div>
  );
}
