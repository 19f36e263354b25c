// The Outbox: what the embedded mail catcher (scripts/mail-catcher.ts) keeps, as the dashboard reads it. A message's
// id is its file's name without ".eml": the receipt time in milliseconds (13 digits, so names sort by time) and 16
// random hex digits. Ids are checked against that form before any file is opened, so no id can name another path.
import { z } from "zod";
import { queryInt } from "@/lib/validation/common";

const OUTBOX_ID = /^[0-9]{13}-[0-9a-f]{16}$/;

/** The file name of a message id. */
export const outboxFileName = (id: string) => `${id}.eml`;

/** The id of a catcher file name, or null for anything else in the folder (temporary files, strays). */
export function outboxIdOfFile(name: string): string | null {
  const id = name.endsWith(".eml") ? name.slice(0, -4) : "";
  return OUTBOX_ID.test(id) ? id : null;
}

/** When the catcher received the message of an id (ISO instant). */
export const outboxReceivedAt = (id: string) => new Date(Number(id.slice(0, 13))).toISOString();

/** What a caught message's HTML may do in its frame (the iframe's sandbox, and its response's CSP, lib/http/mail-frame.ts):
 * open links in a new tab outside the sandbox, nothing else (no scripts, forms or same-origin access). */
export const MAIL_FRAME_SANDBOX = "allow-popups allow-popups-to-escape-sandbox";

export const OutboxIdParams = z.object({
  id: z.string().regex(OUTBOX_ID, { error: "must be a message id from the outbox" }),
});

export const OUTBOX_PAGE_SIZE = 50;

/** How many messages the catcher keeps (the newest): a bound on its disk, said on the Outbox screen. */
export const OUTBOX_KEEP = 1000;

export const OutboxQuery = z.object({ page: queryInt(1, 1000).default(1) });

const OutboxSummary = z.object({
  id: z.string(),
  received_at: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
});

export const OutboxPage = z.object({
  /** Messages kept (the catcher keeps the newest `keep`). */
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  messages: z.array(OutboxSummary),
});

export const OutboxMessage = OutboxSummary.extend({
  /** The headers worth reading, in a fixed order, those the message has. */
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  /** Every link of the HTML part (or the plain text when there is none), in order. */
  links: z.array(z.object({ text: z.string(), href: z.string() })),
  text: z.string().nullable(),
  has_html: z.boolean(),
  size_bytes: z.number().int(),
});

export type OutboxPageView = z.output<typeof OutboxPage>;
export type OutboxMessageView = z.output<typeof OutboxMessage>;
