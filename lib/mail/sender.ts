// Who a sendout is from, as its recipients see it. Pure, so the composer's preview (a client component) shows the
// same From line the messages carry.

/**
 * The name in a sendout's From: the author's, or else the organization's, as the composer promises ("leave empty for
 * the organization's name") and as the list's confirmation and welcome mail are signed. MAIL_FROM's own name (the
 * service's) meant nothing to a member who had subscribed to their club's newsletter.
 */
export function sendoutSenderName(fromName: string | null | undefined, organizationName: string): string {
  return fromName?.trim() || organizationName;
}

/** The From line: the sender's name and the address every message is sent from (MAIL_FROM's). */
export function sendoutFromLine(
  fromName: string | null | undefined,
  organizationName: string,
  address: string,
): string {
  return `${sendoutSenderName(fromName, organizationName)} <${address}>`;
}
