// Where outgoing mail goes, in one line for the start banner (scripts/mail-catcher.ts prints it on every start,
// lib/bootstrap/print-credentials.ts in the demo banner). A relay is named by scheme, host and port only: SMTP_URL
// may carry a user name and password, and the banner reaches terminals and files.

export function mailDestinationLine(smtpUrl: string | undefined, catcherPort: number, origin: string): string {
  if (!smtpUrl) {
    return (
      `Mail:           caught by the embedded mail catcher on 127.0.0.1:${catcherPort} — nothing leaves this machine. ` +
      `Read it in the dashboard: ${origin}/admin/outbox`
    );
  }
  const url = new URL(smtpUrl);
  const port = url.port || (url.protocol === "smtps:" ? "465" : "587");
  return `Mail:           sent through ${url.protocol}//${url.hostname}:${port} (SMTP_URL)`;
}
