// /v3 mail events: what the mail provider reports about sent mail (bounces, spam complaints, deliveries), posted by
// its webhooks. docs/api.md "Bounces and complaints" says how to point a provider here and what each event changes.
import { GenericMailEvent, MailEventResult, PostmarkWebhook } from "../schemas/mail-events";
import { reason, validation } from "@/lib/operations/errors";
import { operationsSharing } from "@/lib/operations/operation";

const mailEventOperation = operationsSharing({
  method: "post",
  auth: "basic",
  tags: ["Mail events"],
  responses: { 200: { description: "Recorded (or nothing to record)", schema: MailEventResult } },
  errors: {
    400: validation,
    401: reason(
      "`invalid credentials`: the password is not the service's mail-events secret; or `Missing or invalid " +
        'Authorization header` or `invalid "Basic" credentials`: no readable HTTP Basic header',
    ),
    404: reason("`mail events are not configured`: the service has no mail-events secret set, so it takes no events"),
  },
});

const access =
  "For your mail provider, not for API keys: HTTP Basic with any user name and the service's mail-events secret " +
  "(from its operator) as the password, usually written into the webhook's URL as `https://user:secret@host/...`. " +
  "The body is checked before the password, so a malformed body is 400 whoever sends it.";

export const receivePostmarkEvent = mailEventOperation({
  path: "/mail/events/postmark",
  body: PostmarkWebhook,
  summary: "Receive a Postmark webhook",
  description:
    `${access} Point Postmark's bounce, spam-complaint and delivery webhooks here. A hard bounce (HardBounce, ` +
    "BadEmailAddress) or a spam complaint stops all mail to the address; a soft bounce (SoftBounce, Transient, " +
    "DnsError) is counted and three in a row stop it; a delivery resets the count. Other bounce types and the Open, " +
    "Click and SubscriptionChange webhooks are answered `handled: false` and change nothing.",
});

export const receiveMailEvent = mailEventOperation({
  path: "/mail/events",
  body: GenericMailEvent,
  summary: "Receive a mail event (any provider)",
  description:
    `${access} For a provider or relay other than Postmark, translated into this shape: \`hard_bounce\` and ` +
    "`complaint` stop all mail to the address, `soft_bounce` is counted (three in a row stop it) and `delivered` " +
    "resets the count. `message_id`, the Message-ID of the message the event is about, says which sendout's delivery " +
    "to mark; without it the last message sent to the address is marked.",
});
