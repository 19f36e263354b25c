// /admin/sendouts/new?company_id=&activity_id=: a new draft of an association in scope (SENDOUT.U), to one of its
// activities when `activity_id` names one (MessageGuardiansLink). Without the permission, or for an association outside
// the scope, the not-found page; an activity that is not the association's is not chosen.
import { notFound } from "next/navigation";
import { SendoutComposer } from "@/modules/sendouts/components/sendout-composer";
import { PageTitle } from "@/components/admin/ui/page-parts";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { sendoutComposeMessages } from "@/modules/sendouts/texts/sendout-compose";
import { createSendoutAction, sendSendoutAction, sendTestAction, updateSendoutAction } from "../actions";
import { companyChoices } from "@/modules/companies/services/directory";
import { activityChoices, listChoices, ownEmail, senderOf } from "../load";

export default async function NewSendoutPage({
  searchParams,
}: {
  searchParams: Promise<{ company_id?: string | string[]; activity_id?: string | string[] }>;
}) {
  const caller = await requirePageCaller();
  if (!caller.modules.has("sendout") || !caller.permissions.has("SENDOUT.U")) notFound();
  const { company_id: asked, activity_id: activityAsked } = await searchParams;
  const company = (await companyChoices(caller)).find((c) => c.company_id === asked);
  if (!company) notFound();
  const t = sendoutComposeMessages(await adminLanguage()).compose;
  const activities = await activityChoices(caller, company.company_id);
  const activity = activities?.find((a) => String(a.id) === activityAsked);
  return (
    <>
      <PageTitle
        title={t.newTitle}
        intro={company.name}
        back={{ href: `/admin/sendouts?company_id=${encodeURIComponent(company.company_id)}`, label: t.back }}
      />
      <SendoutComposer
        sendout={null}
        companyId={company.company_id}
        lists={await listChoices(caller, company.company_id)}
        activities={activities}
        initialActivityIds={activity ? [activity.id] : []}
        ownEmail={ownEmail(caller)}
        sender={senderOf(company.name)}
        actions={{
          createSendout: createSendoutAction,
          updateSendout: updateSendoutAction,
          sendTest: sendTestAction,
          sendSendout: sendSendoutAction,
        }}
      />
    </>
  );
}
