// RFC 2919's List-Id: mail clients file and filter list mail by it (Gmail's "filter messages like these", Outlook's
// and Thunderbird's rules, Apple Mail's list view), and it stays the same when the list is renamed. Carried by the mail
// of a list: a sendout's messages (each recipient's own list) and a list's confirmation and welcome mail, which belong
// to the list as much as its newsletters do. Not by staff mail or a member's erasure receipt, which belong to no list.
import { encodeWords, isPlainText } from "nodemailer/lib/mime-funcs";
import { addressOf } from "./message-id";

/** The list a message belongs to: its uuid (which never changes) and the name shown beside it. */
export interface MailList {
  uuid: string;
  name?: string | null;
}

/**
 * The namespace of our list ids: MAIL_FROM's domain, which the service sends as (RFC 2919 asks for a domain the
 * list's owner controls), under "list." so it cannot meet a host name of the domain.
 */
function listIdDomain(mailFrom: string): string {
  const address = addressOf(mailFrom);
  const domain = address
    .slice(address.lastIndexOf("@") + 1)
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, "");
  return `list.${domain || "localhost"}`;
}

/**
 * The phrase before the id: the list's name without the characters a phrase cannot hold unquoted (and without line
 * breaks, which would start a header of the sender's choosing), encoded here when it is not ASCII (RFC 2047). Left to
 * nodemailer, the encoding ran on from the first non-ASCII word through the id itself, which clients then could not
 * read; so the value is handed over ready (prepared).
 */
function phraseOf(name: string | null | undefined): string {
  const phrase = (name ?? "")
    .replace(/[()<>@,;:\\".[\]\s]+/g, " ")
    .trim()
    .slice(0, 100);
  return isPlainText(phrase) ? phrase : encodeWords(phrase, "Q", 52);
}

/** `Förbundsnytt <3f0c…-….list.example.org>` (its name encoded when not ASCII): the List-Id header's value. */
export function listIdHeader(list: MailList, mailFrom: string): string {
  const id = `${list.uuid.toLowerCase().replace(/[^a-z0-9-]/g, "")}.${listIdDomain(mailFrom)}`;
  const phrase = phraseOf(list.name);
  return phrase ? `${phrase} <${id}>` : `<${id}>`;
}
