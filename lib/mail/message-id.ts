// The Message-ID of a sendout's message to one recipient row, and reading it back: a provider's bounce or complaint
// quotes the Message-ID of the message it is about, which names the row (modules/sendouts/services/suppressions.ts). Pure, so the
// request schemas (modules/sendouts/schemas/mail-events.ts) use it too.

/** The address of a From value such as MAIL_FROM ("Förbundet <utskick@example.org>" or a bare address). */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

function mailFromDomain(mailFrom: string): string {
  const address = addressOf(mailFrom);
  return address.slice(address.lastIndexOf("@") + 1) || "localhost";
}

/** A Message-ID of MAIL_FROM's domain for one kind of message: `<kind-id@domain>`. */
export function mailMessageId(kind: string, id: number | string, mailFrom: string): string {
  return `<${kind}-${id}@${mailFromDomain(mailFrom)}>`;
}

export function sendoutMessageId(sendoutId: number, recipientId: number, mailFrom: string): string {
  return mailMessageId("sendout", `${sendoutId}-${recipientId}`, mailFrom);
}

const SENDOUT_MESSAGE_ID = /<sendout-\d{1,15}-\d{1,15}@[^<>\s]{1,253}>/;

/** The first of our sendout Message-IDs quoted in a text (a bounce report quotes the original headers), or null. */
export function quotedSendoutMessageId(text: string): string | null {
  return SENDOUT_MESSAGE_ID.exec(text)?.[0] ?? null;
}

/** The sendout and recipient row a Message-ID names (with or without its angle brackets), or null for another one. */
export function parseSendoutMessageId(messageId: string): { sendoutId: number; recipientId: number } | null {
  const match = /^<?sendout-(\d{1,15})-(\d{1,15})@[^<>\s]+>?$/.exec(messageId.trim());
  return match ? { sendoutId: Number(match[1]), recipientId: Number(match[2]) } : null;
}
