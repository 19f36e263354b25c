// Sendout shapes (an extension beyond the contract: module `sendout`, permission `SENDOUT.U`). One definition for the
// /v3 API, the service's return type and the dashboard's forms and tables; imports no server code.
import { z } from "zod";
import { CompanyId, IntId, requiredText } from "@/lib/validation/common";
import { singleLine } from "@/lib/validation/text";

const SENDOUT_STATUSES = ["DRAFT", "SCHEDULED", "SENDING", "PAUSED", "SENT", "CANCELLED"] as const;
export type SendoutStatus = (typeof SENDOUT_STATUSES)[number];

/** Per-recipient delivery state; the stored recipients are the truth of who gets what. */
export type RecipientStatus = "PENDING" | "SENT" | "FAILED" | "BOUNCED" | "COMPLAINED";

const Html = z
  .string({ error: "must be a string" })
  .min(1, { error: "must not be empty" })
  .max(500_000, { error: "must be at most 500000 characters" })
  .meta({
    description:
      "The message body as HTML. It is sanitized (scripts, event handlers and remote styles removed) and wrapped in the organization's email template with the footer links. Merge fields: `{{firstname}}`, `{{lastname}}`, `{{email}}`, each with an optional fallback: `{{firstname|vän}}`.",
  });

const Email = z.email({ error: "must be an email address" }).max(254, { error: "must be at most 254 characters" });

const sendoutFields = {
  list_ids: z
    .array(IntId, { error: "must be an array of list ids" })
    .max(50, { error: "must name at most 50 lists" })
    .meta({
      description:
        "Lists of the sendout's company; each person subscribed to any of them receives it once. May be empty when " +
        "`activity_ids` names an activity.",
    }),
  activity_ids: z
    .array(IntId, { error: "must be an array of activity ids" })
    .max(20, { error: "must name at most 20 activities" })
    .meta({
      description:
        "Activities of the sendout's company: when sending starts, the contacts of " +
        "each one's ENROLLED participants receive it (a child's guardians; from 13 the participant too), each address " +
        "once, also when it is on a list of the sendout. Opt-outs and suppressed addresses are left out as for lists. " +
        "A message reached this way is a service message to the activity's contacts: it carries no list's unsubscribe " +
        "link, List-Unsubscribe or List-Id, only the links to opt out of all mail and to the preference page.",
    }),
  // Both become mail headers: a decoded CR/LF there would read as a header line of its own.
  subject: singleLine(requiredText(200)),
  preheader: z.string().max(200, { error: "must be at most 200 characters" }).nullable().optional().meta({
    description: "The line mail clients show after the subject; hidden in the message.",
  }),
  html: Html,
  text: z.string().max(200_000, { error: "must be at most 200000 characters" }).nullable().optional().meta({
    description: "The plain-text part; left out, it is made from the HTML.",
  }),
  from_name: singleLine(z.string().max(100, { error: "must be at most 100 characters" }))
    .nullable()
    .optional()
    .meta({
      description:
        "Sender name; left out, the organization's name. The address is always the service's own (MAIL_FROM).",
    }),
  reply_to: Email.nullable().optional(),
};

/** Whether a sendout's input names a list or an activity; what else is wrong with it does not matter here. */
export function someRecipients(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return true;
  const { list_ids, activity_ids } = input as { list_ids?: unknown; activity_ids?: unknown };
  return !Array.isArray(list_ids) || list_ids.length > 0 || (Array.isArray(activity_ids) && activity_ids.length > 0);
}
/** The message a sendout with neither lists nor activities is refused with (the service says it after an update). */
export const NO_RECIPIENTS = "must name at least one list or activity";

export const CreateSendoutRequest = z
  .object({ company_id: CompanyId, ...sendoutFields, activity_ids: sendoutFields.activity_ids.default([]) })
  // Checked also when other fields are wrong: the form shows every problem at once.
  .refine(someRecipients, { error: NO_RECIPIENTS, path: ["list_ids"], when: () => true })
  .meta({ id: "CreateSendoutRequest" });
export type CreateSendoutInput = z.output<typeof CreateSendoutRequest>;

export const UpdateSendoutRequest = z
  .object({
    list_ids: sendoutFields.list_ids.optional(),
    activity_ids: sendoutFields.activity_ids.optional(),
    subject: sendoutFields.subject.optional(),
    preheader: sendoutFields.preheader,
    html: sendoutFields.html.optional(),
    text: sendoutFields.text,
    from_name: sendoutFields.from_name,
    reply_to: sendoutFields.reply_to,
  })
  .meta({ id: "UpdateSendoutRequest", description: "Only a DRAFT can be changed. Fields left out are unchanged." });
export type UpdateSendoutInput = z.output<typeof UpdateSendoutRequest>;

export const SendSendoutRequest = z
  .object({
    send_at: z.iso
      .datetime({ offset: true, error: "must be a date-time with offset, e.g. 2026-12-05T08:00:00+01:00" })
      .transform((value) => new Date(value))
      .optional()
      .meta({ description: "When to start; left out or in the past: now." }),
  })
  .meta({ id: "SendSendoutRequest" });
export type SendSendoutInput = z.output<typeof SendSendoutRequest>;

export const TestSendoutRequest = z.object({ email: Email }).meta({ id: "TestSendoutRequest" });

export const SendoutListQuery = z.object({ company_id: CompanyId });

const SendoutCounts = z
  .object({
    recipients: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    bounced: z.number().int(),
    complained: z.number().int(),
    unsubscribed: z.number().int(),
  })
  .meta({ id: "SendoutCounts", description: "Recipients are fixed when sending starts; before that the count is 0." });

export const SendoutView = z
  .object({
    id: z.number().int(),
    company_id: z.string(),
    list_ids: z.array(z.number().int()),
    activity_ids: z.array(z.number().int()),
    status: z.enum(SENDOUT_STATUSES),
    subject: z.string(),
    preheader: z.string().nullable(),
    html: z.string(),
    text: z.string().nullable(),
    from_name: z.string().nullable(),
    reply_to: z.string().nullable(),
    send_at: z.string().nullable().meta({ description: "ISO 8601; when a SCHEDULED sendout starts." }),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    counts: SendoutCounts,
  })
  .meta({ id: "Sendout" });
export type SendoutViewShape = z.output<typeof SendoutView>;

/** The test copy's answer: where it went and the Message-ID it carried. */
export const SendoutTestResult = z
  .object({ sent_to: z.string(), message_id: z.string() })
  .meta({ id: "SendoutTestResult" });

/** Who a sendout to these lists would reach now, and who it would leave out (distinct people). */
export const SendoutReach = z.object({
  recipients: z.number().int(),
  opted_out: z.number().int().meta({ description: "Subscribed, but opted out of all mail from the organization." }),
  suppressed: z
    .number()
    .int()
    .meta({ description: "Subscribed and not opted out, but the address is suppressed (bounces, complaints)." }),
});
