// Outgoing mail: one pooled nodemailer transport per process, rate-limited across its connections, DKIM-signed when a
// key is configured, running in a worker thread (smtp-thread.mjs) so that building and writing messages does not take
// the event loop's time. Every sender (sendouts, confirmations, welcome mail, the test copy) goes through sendMail, which
// tells a temporary failure (4xx, connection refused, timeout: try again later) from a permanent one (5xx: this
// address will not take it), because delivery retries the first and records the second.
import "server-only";
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type Mail from "nodemailer/lib/mailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { env } from "../env";
import { listIdHeader, type MailList } from "./list-id";
import { addressOf } from "./message-id";

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per (message kind, recipient), so a resend after a crash carries the same id and receivers can fold it. */
  messageId: string;
  /** Display name in From; the address is always MAIL_FROM's (SPF and DKIM are set up for that domain). */
  fromName?: string;
  replyTo?: string;
  /** RFC 2369 / RFC 8058 one-click unsubscribe target (an https or http URL). */
  listUnsubscribeUrl?: string;
  /** The list the message belongs to (a sendout's, a list's confirmation or welcome): sent as List-Id (lib/mail/list-id.ts). */
  list?: MailList;
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
  response: string;
}

/** The SMTP server refused or could not be reached. permanent: a 5xx answer for this recipient or message. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = "MailDeliveryError";
  }
}

export function smtpUrl(): string {
  return env().SMTP_URL ?? `smtp://127.0.0.1:${env().MAIL_CATCHER_PORT}`;
}

/** True when mail goes to the embedded catcher: nothing leaves the machine. */
export function mailIsCaught(): boolean {
  return !env().SMTP_URL;
}

function dkimOptions() {
  const { DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY } = env();
  if (!DKIM_DOMAIN || !DKIM_SELECTOR || !DKIM_PRIVATE_KEY) return undefined;
  const privateKey = DKIM_PRIVATE_KEY.includes("-----BEGIN")
    ? DKIM_PRIVATE_KEY
    : fs.readFileSync(DKIM_PRIVATE_KEY, "utf8");
  return { domainName: DKIM_DOMAIN, keySelector: DKIM_SELECTOR, privateKey };
}

/** What nodemailer answered for one message, or the fields of its error that classify() reads. */
type ThreadAnswer =
  | { id: number; messageId: string; response: string }
  | { id: number; error: { message: string; code?: string; responseCode?: number } };

interface MailSender {
  sendMail(message: Mail.Options): Promise<SentMail>;
  close(): void;
  /** The thread itself (its resource use, its end). */
  readonly thread: Worker;
}

/**
 * The thread's old-space limit: it holds the pool and the messages under way (a few of about 10 KB each), about 10 MB
 * in all; past this a leak ends the thread (its messages fail as temporary, the next starts a new one), not the server.
 */
const THREAD_HEAP_MB = 64;

/** Where smtp-thread.mjs is: the server runs from the application's directory (as Next does, server.ts). */
const SMTP_THREAD_SCRIPT = path.join(process.cwd(), "lib", "mail", "smtp-thread.mjs");

/**
 * The transport's options: one pool per process, rate-limited across its connections. The URL is parsed into them
 * (nodemailer's own parser: host, port, secure, auth, query settings): given as a string, or as `url` beside them,
 * nodemailer ignored the options (createTransport(url, options) takes them for message defaults) and sent each message
 * over a new connection with no pool, rate limit or socket setting.
 */
function transportOptions(): SMTPPool.Options {
  const perSecond = env().SMTP_MAX_PER_SECOND;
  return {
    ...parseConnectionUrl(smtpUrl()),
    pool: true,
    maxConnections: env().SMTP_POOL_SIZE,
    ...(perSecond > 0 ? { rateDelta: 1000, rateLimit: perSecond } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // The catcher and test servers speak plain SMTP on loopback; a real server's STARTTLS is used when offered.
    tls: { rejectUnauthorized: !mailIsCaught() },
    dkim: dkimOptions(),
  };
}

/**
 * The pooled transport, in its own thread (smtp-thread.mjs). The thread holds the process open only while a message is
 * under way, so a script that sent its mail can end. Should the thread die, the messages under way fail as temporary
 * failures (delivery tries them again) and the next message starts a new one.
 */
function smtpThread(): MailSender {
  const pending = new Map<number, { resolve(sent: SentMail): void; reject(error: unknown): void }>();
  let nextId = 0;
  const thread = new Worker(SMTP_THREAD_SCRIPT, {
    workerData: { smtpThread: true, options: transportOptions() },
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  });
  thread.unref();
  const settle = (id: number) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (!pending.size) thread.unref();
    return waiting;
  };
  thread.on("message", (answer: ThreadAnswer) => {
    const waiting = settle(answer.id);
    if (!waiting) return;
    if ("error" in answer) waiting.reject(Object.assign(new Error(answer.error.message), answer.error));
    else waiting.resolve({ messageId: answer.messageId, response: answer.response });
  });
  const failAll = (error: unknown) => {
    if (globalForMail.__mailSender === sender) globalForMail.__mailSender = undefined;
    for (const id of [...pending.keys()])
      settle(id)!.reject(Object.assign(new Error(`mail thread ended: ${String(error)}`), { code: "ETHREAD" }));
  };
  thread.on("error", failAll);
  thread.on("exit", (code) => failAll(`exit code ${code}`));
  const sender: MailSender = {
    thread,
    sendMail(message) {
      const id = nextId++;
      return new Promise<SentMail>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.ref();
        thread.postMessage({ id, message });
      });
    },
    close() {
      thread.postMessage({ close: true });
    },
  };
  return sender;
}

const globalForMail = globalThis as unknown as { __mailSender?: MailSender };

function transport(): MailSender {
  return (globalForMail.__mailSender ??= smtpThread());
}

function fromHeader(fromName: string | undefined) {
  const configured = env().MAIL_FROM;
  return fromName ? { name: fromName, address: addressOf(configured) } : configured;
}

function classify(error: unknown): MailDeliveryError {
  const e = error as { responseCode?: number; code?: string; message?: string };
  const code = typeof e.responseCode === "number" ? e.responseCode : undefined;
  const permanent = code !== undefined && code >= 500 && code < 600;
  const what = code !== undefined ? `SMTP ${code}` : (e.code ?? "SMTP error");
  return new MailDeliveryError(`${what}: ${e.message ?? String(error)}`.slice(0, 500), permanent, code);
}

/**
 * What sendMail hands nodemailer for `mail`. Exported for the bench's bare loop (scripts/lib/bench-sendout.ts), which
 * sends exactly this so that its rate is the ceiling of sending the same message from node.
 */
export function nodemailerMessage(mail: OutgoingMail): Mail.Options {
  const headers: Record<string, string | { prepared: true; value: string }> = { ...mail.headers };
  if (mail.listUnsubscribeUrl) {
    headers["List-Unsubscribe"] = `<${mail.listUnsubscribeUrl}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  if (mail.list) headers["List-Id"] = { prepared: true, value: listIdHeader(mail.list, env().MAIL_FROM) };
  return {
    from: fromHeader(mail.fromName),
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    headers,
    // Our mail is Swedish or English text and HTML: quoted-printable is what nodemailer would pick, but it picks by
    // counting the characters of every part and header with two regular expressions, the largest single cost of a
    // sendout's message in a CPU profile (8 % of the send). Named, the count is skipped.
    textEncoding: "quoted-printable",
  };
}

export async function sendMail(mail: OutgoingMail): Promise<SentMail> {
  try {
    return await transport().sendMail(nodemailerMessage(mail));
  } catch (error) {
    throw classify(error);
  }
}

/** Ends the pool (graceful shutdown, tests). The next sendMail opens a new one. */
export function closeMailTransport(): void {
  globalForMail.__mailSender?.close();
  globalForMail.__mailSender = undefined;
}
