// /admin/outbox: the mail the embedded catcher kept. Not found for anyone but an ADMIN of every company, and for
// everyone while mail goes to a real server (modules/sendouts/services/outbox.ts).
import { notFound } from "next/navigation";
import { OutboxList } from "@/modules/sendouts/components/outbox/outbox-list";
import { PageTitle } from "@/components/admin/ui/page-parts";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { outboxMessages } from "@/modules/sendouts/texts/outbox";
import { formatNumber } from "@/lib/i18n/formats";
import { canReadOutbox } from "@/modules/sendouts/services/outbox";
import { OUTBOX_KEEP } from "@/modules/sendouts/schemas/outbox";

export default async function OutboxPage() {
  if (!canReadOutbox(await requirePageCaller())) notFound();
  const lang = await adminLanguage();
  const t = outboxMessages(lang);
  return (
    <>
      <PageTitle title={t.title} intro={t.intro(formatNumber(lang, OUTBOX_KEEP))} />
      <OutboxList />
    </>
  );
}
