"use client";
// A draft being written (or a new one): the form, and once it is saved the preview, a test copy and sending. Testing
// and sending use the saved draft, so they wait until the form's changes are saved.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { sendoutComposeMessages } from "@/modules/sendouts/texts/sendout-compose";
import { sendoutsMessages } from "@/modules/sendouts/texts/sendouts";
import { useLang } from "@/components/admin/i18n-context";
import { Panel } from "@/components/admin/ui/page-parts";
import {
  formValuesOf,
  SendoutForm as SendoutFormSchema,
  type SendoutBody,
  type SendoutFormValues,
} from "./form-values";
import { PreviewPanel } from "./preview-panel";
import { SendPanel } from "./send-panel";
import { SendoutForm } from "./sendout-form";
import { TestPanel } from "./test-panel";
import type { ActivityChoice, ListChoice, SenderShape, SendoutActions, SendoutRow } from "./types";

export function SendoutComposer({
  sendout,
  companyId,
  lists,
  activities,
  initialActivityIds = [],
  ownEmail,
  sender,
  actions,
}: {
  /** null: a new sendout of `companyId`. */
  sendout: SendoutRow | null;
  companyId: string;
  lists: ListChoice[] | null;
  activities: ActivityChoice[] | null;
  /** A new sendout's activities when it was opened from one (MessageGuardiansLink). */
  initialActivityIds?: number[];
  ownEmail: string;
  sender: SenderShape;
  actions: Pick<SendoutActions, "createSendout" | "updateSendout" | "sendTest" | "sendSendout">;
}) {
  const lang = useLang();
  const t = sendoutComposeMessages(lang);
  const router = useRouter();
  const [saved, setSaved] = useState(sendout);
  const form = useForm<SendoutFormValues, unknown, SendoutBody>({
    resolver: keyedZodResolver(SendoutFormSchema),
    defaultValues: formValuesOf(sendout, initialActivityIds),
  });
  const listIds = useWatch({ control: form.control, name: "list_ids" });
  const activityIds = useWatch({ control: form.control, name: "activity_ids" });
  const blockedBy = form.formState.isDirty ? t.compose.saveFirst : null;

  const onSaved = (next: SendoutRow) => {
    setSaved(next);
    // A new draft gets its own address, where it is tested and sent; a changed one its new subject in the heading.
    if (!saved) router.replace(`/admin/sendouts/${next.id}`);
    else router.refresh();
  };

  return (
    <div className="space-y-6">
      <Panel id="sendout-content" title={t.compose.content} spacing="space-y-4">
        <SendoutForm
          form={form}
          sendout={saved}
          companyId={companyId}
          lists={lists}
          activities={activities}
          actions={actions}
          onSaved={onSaved}
          t={t}
        />
      </Panel>
      {saved && (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <SendPanel
              sendout={saved}
              listIds={listIds}
              activityIds={activityIds}
              blockedBy={blockedBy}
              sendSendout={actions.sendSendout}
              onSent={() => router.refresh()}
              t={sendoutsMessages(lang)}
            />
            <TestPanel
              sendoutId={saved.id}
              ownEmail={ownEmail}
              blockedBy={blockedBy}
              sendTest={actions.sendTest}
              t={t}
            />
          </div>
          <PreviewPanel
            sendoutId={saved.id}
            version={saved.updated_at}
            unsaved={form.formState.isDirty}
            fromName={saved.from_name}
            sender={sender}
            t={t}
          />
        </>
      )}
    </div>
  );
}
