// /admin/outbox/[id]: one caught message. A malformed or unknown id, and a caller who may not read the Outbox, get
// the not-found page.
import { notFound } from "next/navigation";
import { MessageView } from "@/modules/sendouts/components/outbox/message-view";
import { PageTitle } from "@/components/admin/ui/page-parts";
import { readOrNotFound, requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { outboxMessages } from "@/modules/sendouts/texts/outbox";
import { getOutboxMessage } from "@/modules/sendouts/services/outbox";
import { OutboxIdParams } from "@/modules/sendouts/schemas/outbox";

export default async function OutboxMessagePage({ params }: { params: Promise<{ id: string }> }) {
  const caller = await requirePageCaller();
  const parsed = OutboxIdParams.safeParse(await params);
  if (!parsed.success) notFound();
  const message = await readOrNotFound(() => getOutboxMessage(caller, parsed.data.id));
  const t = outboxMessages(await adminLanguage());
  return (
    <>
      <PageTitle title={message.subject || t.noSubject} back={{ href: "/admin/outbox", label: t.message.back }} />
      <MessageView message={message} />
    </>
  );
}
