// /admin/users/leaders: the activities in the ADMIN's scope with their leaders, each with its invitation control.
import { NoAccess, PageTitle } from "@/components/admin/ui/page-parts";
import { tableClass, tdClass, thClass } from "@/components/admin/ui/styles";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { accessMessages } from "@/modules/access/texts/access";
import { InviteLeaderButton } from "@/modules/activities/components/invite-leader-button";
import { invitableLeaders } from "@/modules/activities/services/leader-invitations";
import { leaderMessages } from "@/modules/activities/texts/leader";
import { inviteLeaderAction } from "./actions";

export default async function LeaderInvitationsPage() {
  const caller = await requirePageCaller();
  const lang = await adminLanguage();
  const t = leaderMessages(lang).invite;
  if (caller.role !== "ADMIN" || !caller.modules.has("activity")) {
    return <NoAccess title={t.title} text={accessMessages(lang).onlyAdmins} testId="only-admins" />;
  }
  const activities = await invitableLeaders(caller);
  const rows = activities.flatMap((a) => a.leaders.map((l) => ({ activity: a, leader: l })));
  return (
    <>
      <PageTitle title={t.title} intro={t.intro} back={{ href: "/admin/users", label: t.back }} />
      {rows.length === 0 ? (
        <p className="text-slate-700">{t.none}</p>
      ) : (
        <table className={tableClass}>
          <thead>
            <tr>
              <th className={thClass}>{t.activity}</th>
              <th className={thClass}>{t.leader}</th>
              <th className={thClass}>{t.email}</th>
              <th className={thClass}>{t.account}</th>
              <th className={thClass}>
                <span className="sr-only">{t.invite}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ activity, leader }) => (
              <tr key={`${activity.activity_id}-${leader.member_id}`}>
                <td className={tdClass}>
                  {activity.activity_name}
                  <span className="block text-slate-600">{activity.company_name}</span>
                </td>
                <td className={tdClass}>{leader.name}</td>
                <td className={tdClass}>{leader.email ?? t.noEmail}</td>
                <td className={tdClass}>{leader.has_account ? t.hasAccount : t.noAccount}</td>
                <td className={tdClass}>
                  {leader.email && (
                    <InviteLeaderButton
                      activityId={activity.activity_id}
                      memberId={leader.member_id}
                      name={leader.name}
                      hasAccount={leader.has_account}
                      invite={inviteLeaderAction}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
