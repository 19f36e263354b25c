"use client";
// From an activity to a new sendout to it: the composer opens with the activity chosen, so staff write to its
// participants' guardians (and, from 13, the participants) through the sendout machinery. Show it to staff who may
// write sendouts (the sendout module and SENDOUT.U); the composer answers not found to others.
import Link from "next/link";
import { useLang } from "@/components/admin/i18n-context";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import { sendoutComposeMessages } from "@/modules/sendouts/texts/sendout-compose";

/** The composer's address for a new sendout of the company to one activity. */
function messageGuardiansHref(activity: { id: number; company_id: string }): string {
  const query = new URLSearchParams({ company_id: activity.company_id, activity_id: String(activity.id) });
  return `/admin/sendouts/new?${query.toString()}`;
}

export function MessageGuardiansLink({ activity }: { activity: { id: number; company_id: string } }) {
  const t = sendoutComposeMessages(useLang()).compose;
  return (
    <Link href={messageGuardiansHref(activity)} className={secondaryButtonClass}>
      {t.messageGuardians}
    </Link>
  );
}
