// What a PENDING subscription holds until its owner confirms (pendingData), and the claim on sending its
// confirmation: read by the confirmation itself and by the mail that asks for it.
import "server-only";
import { db } from "@/lib/db";
import type { Lang } from "@/lib/i18n/lang";

/** What the visitor typed, applied at confirmation; `lang` is the language of the form, for the messages. */
export interface PendingData {
  firstname?: string;
  lastname?: string;
  phone?: string;
  answered_prop_ids: number[];
  terms_accepted: boolean;
  lang: Lang;
}

export function parsePending(json: string | null): PendingData {
  const empty: PendingData = { answered_prop_ids: [], terms_accepted: false, lang: "sv" };
  try {
    const value = json ? (JSON.parse(json) as Partial<PendingData>) : {};
    return {
      ...empty,
      ...value,
      answered_prop_ids: Array.isArray(value.answered_prop_ids) ? value.answered_prop_ids : [],
      lang: value.lang === "en" ? "en" : "sv",
    };
  } catch {
    return empty;
  }
}

/** A confirmation that could not be sent may be asked for again at once (the visitor subscribes again). */
export async function releaseSendClaim(subscriptionId: number): Promise<void> {
  await db().subscription.updateMany({
    where: { id: subscriptionId, status: "PENDING" },
    data: { confirmationSentAt: null },
  });
}
