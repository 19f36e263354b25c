// /v3 mail events: what the mail provider reports about sent mail (bounces, spam complaints, deliveries), posted by
// its webhooks. README "Bounces and complaints" says how to point a provider here and what each event changes.
import { GenericMailEvent, MailEventResult, PostmarkWebhook } from "../validation/mail-events";
import { reason, validation } from "./errors";
import { operationsSharing } from "./operation";

const mailEventOperation = operationsSharing({
  method: "post",
  auth: "basic",
  tags: ["Mail events"],
  responses: { 200: { description: "Recorded (or nothing to record)", schema: MailEventResult } },
  errors: {
    400: validation,
    401: reason(
      "`Missing or invalid Authorization header`, `invalid \"Basic\" credentials` (not base64 of user:password), or " +
        "`invalid credentials` (the password is not MAIL_EVENTS_SECRET)",
    ),
    404: reason("`mail events are not configured`: MAIL_EVENTS_SECRET is not set"),
  },
});

const access =
  "HTTP Basic: any user name, MAIL_EVENTS_SECRET as the password (put both in the webhook's URL). The body is read " +
  "before the password is checked, so a malformed one is 400 whoever sends it.";

export const receivePostmarkEvent = mailEventOperation({
  path: "/mail/events/postmark",
  body: PostmarkWebhook,
  summary: "Receive a Postmark bounce, spam-complaint or delivery webhook",
  description:
    `${access} A hard bounce (HardBounce, BadEmailAddress) or a spam complaint suppresses the address; a soft ` +
    "bounce (SoftBounce, Transient, DnsError) counts, and three in a row suppress; a delivery resets the count. Other " +
    "bounce types and the Open, Click and SubscriptionChange webhooks are acknowledged with `handled: false`.",
});

export const receiveMailEvent = mailEventOperation({
  path: "/mail/events",
  body: GenericMailEvent,
  summary: "Receive a delivery event in the generic shape",
  description:
    `${access} For a provider or relay other than Postmark: \`hard_bounce\` and \`complaint\` suppress the address, ` +
    "`soft_bounce` counts (three in a row suppress), `delivered` resets the count. `message_id`, the Message-ID of " +
    "the message the event is about, names the sendout recipient to mark; without it the address's latest sent one is.",
});
