// /admin/sendouts/[id]: a draft is written, tested and sent here (with SENDOUT.U); a started one, or any for a reader,
// shows what it says, its figures and the preview. Unknown or out-of-scope sendouts get the not-found page.
import { SendoutComposer } from "@/modules/sendouts/components/sendout-composer";
import { SendoutView } from "@/modules/sendouts/components/sendout-view";
import { PageTitle } from "@/components/admin/ui/page-parts";
import { sendoutComposeMessages } from "@/modules/sendouts/texts/sendout-compose";
import { findLiveCompany } from "@/lib/live-records";
import { getSendout } from "@/modules/sendouts/services/sendouts";
import { IntIdParam } from "@/lib/validation/common";
import { readObjectPage } from "../../object-page";
import * as actions from "../actions";
import { activityChoices, listChoices, ownEmail, senderOf } from "../load";

export default async function SendoutPage({ params }: { params: Promise<{ id: string }> }) {
  const {
    caller,
    object: sendout,
    lang,
    canWrite,
    readOnlyText,
  } = await readObjectPage(params, IntIdParam, getSendout, "SENDOUT.U");
  const t = sendoutComposeMessages(lang).compose;
  const lists = await listChoices(caller, sendout.company_id);
  const activities = await activityChoices(caller, sendout.company_id);
  const sender = senderOf((await findLiveCompany(sendout.company_id)).name);
  return (
    <>
      <PageTitle
        title={sendout.subject}
        back={{ href: `/admin/sendouts?company_id=${encodeURIComponent(sendout.company_id)}`, label: t.back }}
        readOnlyText={readOnlyText}
      />
      {canWrite && sendout.status === "DRAFT" ? (
        <SendoutComposer
          sendout={sendout}
          companyId={sendout.company_id}
          lists={lists}
          activities={activities}
          ownEmail={ownEmail(caller)}
          sender={sender}
          actions={{
            createSendout: actions.createSendoutAction,
            updateSendout: actions.updateSendoutAction,
            sendTest: actions.sendTestAction,
            sendSendout: actions.sendSendoutAction,
          }}
        />
      ) : (
        <SendoutView
          sendout={sendout}
          lists={lists}
          activities={activities}
          canWrite={canWrite}
          sender={sender}
          actions={{
            pauseSendout: actions.pauseSendoutAction,
            resumeSendout: actions.resumeSendoutAction,
            cancelSendout: actions.cancelSendoutAction,
          }}
        />
      )}
    </>
  );
}
