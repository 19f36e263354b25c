// What the mail provider tells us about delivered mail, in its own shape (Postmark's bounce, spam-complaint and
// delivery webhooks) or in a generic one any provider or relay can be made to send, each read into one MailEvent.
// Imports nothing from the server.
import { z } from "zod";
import { quotedSendoutMessageId } from "@/lib/mail/message-id";
import { EmailAddress } from "./suppression";

const MAIL_EVENT_KINDS = ["hard_bounce", "soft_bounce", "complaint", "delivered"] as const;
type MailEventKind = (typeof MAIL_EVENT_KINDS)[number];

/** One fact about one address; messageId names the message when the provider quoted it. */
export interface MailEvent {
  kind: MailEventKind;
  email: string;
  messageId: string | null;
  occurredAt: Date | null;
  description: string;
}

const text = (max: number) =>
  z.string({ error: "must be a string" }).max(max, { error: `must be at most ${max} characters` });

/**
 * How far back and ahead an event's time may lie. Providers report a bounce within hours and retry their webhooks
 * for a day or two; 30 days leaves room for a relay replaying a backlog. Ahead: clocks differ by seconds, not minutes
 * (modules/sendouts/services/suppressions.ts records a time ahead of its own as now). A time outside says nothing true about when
 * the address failed: a suppression dated 1970 would sort below every other and read as long past.
 */
const MAIL_EVENT_WINDOW = { maxAgeDays: 30, skewMinutes: 5 } as const;

function inWindow(at: Date, now = Date.now()): boolean {
  const t = at.getTime();
  return t >= now - MAIL_EVENT_WINDOW.maxAgeDays * 86_400_000 && t <= now + MAIL_EVENT_WINDOW.skewMinutes * 60_000;
}

/**
 * A provider's time stamp, when it is one within the window; an unreadable or unlikely one is not worth refusing a
 * provider's event for (it would retry it in vain): the event is recorded at the time it arrives.
 */
function time(value: string | null | undefined): Date | null {
  const at = value ? new Date(value) : null;
  return at && !Number.isNaN(at.getTime()) && inWindow(at) ? at : null;
}

// Postmark's bounce types (TypeCode in brackets) that say something about the address. A hard bounce: the mailbox does
// not exist [1], or the address is malformed [100000]. A soft bounce: the mailbox was full or the server unreachable
// after Postmark's retries (SoftBounce [4096], Transient [2], DnsError [256]). A spam complaint can also arrive as a
// bounce type [100001]. The rest (auto-replies, challenge mails, Postmark blocking its own sending, rendering errors)
// are acknowledged and left alone.
const POSTMARK_BOUNCE_KINDS: Record<string, MailEventKind> = {
  HardBounce: "hard_bounce",
  BadEmailAddress: "hard_bounce",
  SoftBounce: "soft_bounce",
  Transient: "soft_bounce",
  DnsError: "soft_bounce",
  SpamComplaint: "complaint",
};

const postmarkReport = {
  Type: text(100).optional(),
  TypeCode: z.number({ error: "must be a number" }).int({ error: "must be an integer" }).optional(),
  Email: text(320),
  BouncedAt: text(64).nullish(),
  Description: text(10_000).nullish(),
  Details: text(10_000).nullish(),
  Content: z.string({ error: "must be a string" }).nullish(),
};

const PostmarkBounce = z.looseObject({ RecordType: z.literal("Bounce"), ...postmarkReport });
const PostmarkSpamComplaint = z.looseObject({ RecordType: z.literal("SpamComplaint"), ...postmarkReport });
const PostmarkDelivery = z.looseObject({
  RecordType: z.literal("Delivery"),
  Recipient: EmailAddress,
  DeliveredAt: text(64).nullish(),
});
/** Record types of Postmark's other webhooks: acknowledged, so one URL may take them all. */
const PostmarkOther = z.looseObject({ RecordType: z.enum(["Open", "Click", "SubscriptionChange"]) });

export const PostmarkWebhook = z
  .discriminatedUnion("RecordType", [PostmarkBounce, PostmarkSpamComplaint, PostmarkDelivery, PostmarkOther], {
    error: "must be Bounce, SpamComplaint, Delivery, Open, Click or SubscriptionChange",
  })
  .superRefine((record, ctx) => {
    // An address is required only where the event is about one.
    if ((record.RecordType === "Bounce" || record.RecordType === "SpamComplaint") && postmarkKind(record) !== null) {
      if (!EmailAddress.safeParse(record.Email).success)
        ctx.addIssue({ code: "custom", path: ["Email"], message: "must be a valid email address" });
    }
  })
  .transform((record): MailEvent | null => {
    if (record.RecordType === "Delivery") {
      return {
        kind: "delivered",
        email: record.Recipient,
        messageId: null,
        occurredAt: time(record.DeliveredAt),
        description: "",
      };
    }
    if (record.RecordType !== "Bounce" && record.RecordType !== "SpamComplaint") return null;
    const kind = postmarkKind(record);
    if (kind === null) return null;
    return {
      kind,
      email: record.Email.trim(),
      // Postmark's MessageID is its own; the bounce content quotes the original headers, ours among them.
      messageId: quotedSendoutMessageId(record.Content ?? ""),
      occurredAt: time(record.BouncedAt),
      description: [record.Type, record.Description].filter(Boolean).join(": "),
    };
  })
  .meta({ id: "PostmarkWebhook", description: "A Postmark bounce, spam-complaint or delivery webhook payload." });

function postmarkKind(record: { RecordType: "Bounce" | "SpamComplaint"; Type?: string }): MailEventKind | null {
  if (record.RecordType === "SpamComplaint") return "complaint";
  return POSTMARK_BOUNCE_KINDS[record.Type ?? ""] ?? null;
}

export const GenericMailEvent = z
  .object({
    type: z.enum(MAIL_EVENT_KINDS, { error: `must be one of ${MAIL_EVENT_KINDS.join(", ")}` }),
    email: EmailAddress,
    /** The Message-ID of the message the event is about, with or without its angle brackets. */
    message_id: text(998).nullish(),
    // Our own shape: a time outside the window is refused, so the sender learns its clock or its replay is off.
    occurred_at: z.iso
      .datetime({ offset: true, error: "must be an ISO 8601 date-time" })
      .refine((value) => inWindow(new Date(value)), {
        error: `must be within the last ${MAIL_EVENT_WINDOW.maxAgeDays} days and at most ${MAIL_EVENT_WINDOW.skewMinutes} minutes ahead`,
      })
      .nullish()
      .meta({
        description: `When it happened; within the last ${MAIL_EVENT_WINDOW.maxAgeDays} days, at most ${MAIL_EVENT_WINDOW.skewMinutes} minutes ahead. Left out: when it arrives.`,
      }),
    description: text(10_000).nullish(),
  })
  .transform((event): MailEvent => ({
    kind: event.type,
    email: event.email,
    messageId: event.message_id ?? null,
    occurredAt: time(event.occurred_at),
    description: event.description ?? "",
  }))
  .meta({ id: "MailEvent", description: "One delivery event in the provider-neutral shape." });

export const MailEventResult = z
  .object({
    ok: z.literal(true),
    handled: z.boolean().meta({ description: "false: an event that changes nothing here" }),
  })
  .meta({ id: "MailEventResult" });
