// The Outbox: the messages the embedded mail catcher (scripts/mail-catcher.ts) kept in MAIL_CATCHER_DIR, read with
// mailparser. Files are found only by an id checked against the catcher's naming (modules/sendouts/schemas/outbox.ts), so no
// request can read outside that folder.
//
// Who may read it: caught mail holds messages to people of every company, and its links act for them (a newsletter's
// unsubscribe and opt-out links are signed for the recipient). So only an ADMIN whose scope is every company (or the
// operator); a VIEWER or EDITOR of all companies, and every club-scoped user, get the same 404 as when mail is not
// caught at all (SMTP_URL set: there is no Outbox).
import "server-only";
import fs from "node:fs";
import path from "node:path";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import sanitizeHtml from "sanitize-html";
import { env } from "@/lib/env";
import { NotFound } from "@/lib/errors";
import { mailIsCaught } from "@/lib/mail/transport";
import type { Caller } from "@/modules/access/services/caller";
import {
  OUTBOX_PAGE_SIZE,
  outboxFileName,
  outboxIdOfFile,
  outboxReceivedAt,
  type OutboxMessageView,
  type OutboxPageView,
} from "../schemas/outbox";

/** Read in full for a summary only when the header block is longer (it never is in practice). */
const HEADER_READ_BYTES = 64 * 1024;

/** The headers the message view shows, in this order, when present. Address and subject fields are shown decoded. */
const SHOWN_HEADERS = [
  "from",
  "to",
  "cc",
  "reply-to",
  "subject",
  "date",
  "message-id",
  "list-unsubscribe",
  "list-unsubscribe-post",
  "list-id",
  "auto-submitted",
  "dkim-signature",
] as const;

export function canReadOutbox(caller: Caller): boolean {
  return mailIsCaught() && caller.scope.kind === "all" && (caller.role === "ADMIN" || caller.kind === "operator");
}

function assertOutboxReader(caller: Caller): void {
  if (!canReadOutbox(caller)) throw new NotFound("not found");
}

const folder = () => path.resolve(env().MAIL_CATCHER_DIR);

/** The file's bytes, or null when it is gone (the catcher drops the oldest past its bound). */
async function readMessageFile(id: string, bytes?: number): Promise<Buffer | null> {
  const file = path.join(folder(), outboxFileName(id));
  try {
    if (bytes === undefined) return await fs.promises.readFile(file);
    const handle = await fs.promises.open(file, "r");
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** "Skid-IF <utskick@example.org>, bo@example.org": names as people read them (mailparser's text quotes them). */
const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((a) => a.value)
    .map((a) => (a.name ? `${a.name} <${a.address ?? ""}>` : (a.address ?? "")))
    .join(", ");

function summary(id: string, parsed: ParsedMail) {
  return {
    id,
    received_at: outboxReceivedAt(id),
    from: addresses(parsed.from),
    to: addresses(parsed.to),
    subject: parsed.subject ?? "",
  };
}

/** The header block alone: a summary needs nothing below it. */
function headerBlock(head: Buffer): Buffer {
  const end = head.indexOf("\r\n\r\n");
  return end >= 0 ? head.subarray(0, end + 4) : head;
}

export async function listOutbox(caller: Caller, query: { page: number }): Promise<OutboxPageView> {
  assertOutboxReader(caller);
  const names = await fs.promises.readdir(folder()).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const ids = names
    .flatMap((name) => outboxIdOfFile(name) ?? [])
    .sort()
    .reverse();
  const start = (query.page - 1) * OUTBOX_PAGE_SIZE;
  const messages = await Promise.all(
    ids.slice(start, start + OUTBOX_PAGE_SIZE).map(async (id) => {
      const head = await readMessageFile(id, HEADER_READ_BYTES);
      return head ? summary(id, await simpleParser(headerBlock(head))) : null;
    }),
  );
  return {
    count: ids.length,
    page: query.page,
    page_size: OUTBOX_PAGE_SIZE,
    messages: messages.filter((m) => m !== null),
  };
}

async function parsedMessage(caller: Caller, id: string): Promise<{ parsed: ParsedMail; size: number }> {
  assertOutboxReader(caller);
  const raw = await readMessageFile(id);
  if (!raw) throw new NotFound("message not found");
  return { parsed: await simpleParser(raw), size: raw.length };
}

/** Header rows: decoded text for addresses and the subject, the unfolded raw value for the rest (one row per line). */
function headerRows(parsed: ParsedMail): { name: string; value: string }[] {
  const decoded: Partial<Record<string, string>> = {
    from: addresses(parsed.from),
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    "reply-to": addresses(parsed.replyTo),
    subject: parsed.subject,
  };
  return SHOWN_HEADERS.flatMap((key) =>
    parsed.headerLines
      .filter((line) => line.key === key)
      .map((line) => {
        const name = line.line.slice(0, line.line.indexOf(":"));
        const raw = line.line
          .slice(name.length + 1)
          .replace(/\r?\n[ \t]+/g, " ")
          .trim();
        return { name, value: decoded[key] || raw };
      }),
  );
}

/** The links a reader can follow: http(s) and mailto only (sanitize-html drops the href of any other scheme). */
function linksOf(parsed: ParsedMail): { text: string; href: string }[] {
  const links: { text: string; href: string }[] = [];
  if (parsed.html) {
    sanitizeHtml(parsed.html, {
      allowedTags: ["a"],
      allowedAttributes: { a: ["href"] },
      allowedSchemes: ["http", "https", "mailto"],
      exclusiveFilter(frame) {
        if (frame.tag === "a" && frame.attribs.href)
          links.push({ text: frame.text.replace(/\s+/g, " ").trim(), href: frame.attribs.href });
        return false;
      },
    });
  } else {
    for (const [href] of (parsed.text ?? "").matchAll(/https?:\/\/[^\s<>"]+/g)) links.push({ text: href, href });
  }
  return links;
}

export async function getOutboxMessage(caller: Caller, id: string): Promise<OutboxMessageView> {
  const { parsed, size } = await parsedMessage(caller, id);
  return {
    ...summary(id, parsed),
    headers: headerRows(parsed),
    links: linksOf(parsed),
    text: parsed.text ?? null,
    has_html: typeof parsed.html === "string",
    size_bytes: size,
  };
}

/**
 * The HTML part as the dashboard's frame shows it, with every link opening in a new tab (the frame is sandboxed: a
 * link followed inside it would load the other site there). The response's own CSP and sandbox are
 * lib/http/mail-frame.ts's.
 */
export async function getOutboxHtml(caller: Caller, id: string): Promise<string> {
  const { parsed } = await parsedMessage(caller, id);
  if (typeof parsed.html !== "string") throw new NotFound("message has no HTML part");
  const base = '<base target="_blank">';
  const head = /<head(\s[^>]*)?>/i.exec(parsed.html);
  if (head)
    return parsed.html.slice(0, head.index + head[0].length) + base + parsed.html.slice(head.index + head[0].length);
  // Before any content, but after a doctype (text before it would put the page in quirks mode).
  const doctype = /^\s*<!doctype[^>]*>/i.exec(parsed.html);
  const at = doctype ? doctype[0].length : 0;
  return parsed.html.slice(0, at) + base + parsed.html.slice(at);
}
