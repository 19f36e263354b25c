// The answer that carries a caught message's HTML into the Outbox's frame. The HTML is whatever a sender wrote, so it
// gets a policy of its own, stricter than the dashboard's: no scripts at all, no requests but images (a newsletter's
// pictures), inline styles (how mail is styled), no forms, embeddable only by the dashboard itself, and sandboxed
// even when opened on its own, with popups allowed so that its links open in a new tab outside the sandbox. The
// dashboard's <iframe> repeats the sandbox. No Referer leaves with a followed link: the address names a message.
import "server-only";
import { MAIL_FRAME_SANDBOX } from "@/modules/sendouts/schemas/outbox";

const MAIL_FRAME_POLICY = [
  "default-src 'none'",
  "img-src data: http: https:",
  "style-src 'unsafe-inline'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  `sandbox ${MAIL_FRAME_SANDBOX}`,
].join("; ");

export function mailFrameResponse(html: string): Response {
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": MAIL_FRAME_POLICY,
      "x-frame-options": "SAMEORIGIN",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    },
  });
}
