"use client";
// A sendout that cannot be edited here (it has started, or the staff member may only read): what it says and to whom,
// its figures once it is under way, and the message as recipients get it.
import { sendoutComposeMessages } from "@/modules/sendouts/texts/sendout-compose";
import { sendoutsMessages } from "@/modules/sendouts/texts/sendouts";
import { useLang } from "@/components/admin/i18n-context";
import { Panel } from "@/components/admin/ui/page-parts";
import { PreviewPanel } from "./preview-panel";
import { SendoutFigures } from "./sendout-figures";
import type { ActivityChoice, ListChoice, SenderShape, SendoutActions, SendoutRow } from "./types";

export function SendoutView({
  sendout,
  lists,
  activities,
  canWrite,
  sender,
  actions,
}: {
  sendout: SendoutRow;
  sender: SenderShape;
  lists: ListChoice[] | null;
  activities: ActivityChoice[] | null;
  canWrite: boolean;
  actions: Pick<SendoutActions, "pauseSendout" | "resumeSendout" | "cancelSendout">;
}) {
  const lang = useLang();
  const t = sendoutsMessages(lang);
  const c = sendoutComposeMessages(lang).compose;
  const none = t.common.none;
  const names = (ids: number[], choices: { id: number; name: string }[] | null) =>
    ids.length ? ids.map((id) => choices?.find((c) => c.id === id)?.name ?? `#${id}`).join(", ") : none;
  const details: [string, string][] = [
    [c.subject, sendout.subject],
    [c.preheader, sendout.preheader ?? none],
    [c.fromName, sendout.from_name ?? sender.organizationName],
    [c.replyTo, sendout.reply_to ?? none],
    [c.lists, names(sendout.list_ids, lists)],
    ...(sendout.activity_ids.length
      ? [[c.activities, names(sendout.activity_ids, activities)] as [string, string]]
      : []),
  ];
  return (
    <div className="space-y-6">
      {sendout.status !== "DRAFT" && <SendoutFigures initial={sendout} canWrite={canWrite} actions={actions} t={t} />}
      <Panel id="sendout-details" title={c.content}>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {details.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-700">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      <PreviewPanel
        sendoutId={sendout.id}
        version={sendout.updated_at}
        unsaved={false}
        fromName={sendout.from_name}
        sender={sender}
        t={sendoutComposeMessages(lang)}
      />
    </div>
  );
}
