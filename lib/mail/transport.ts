// Outgoing mail: one pooled nodemailer transport per process, rate-limited across its connections, DKIM-signed when a
// key is configured. Every sender (sendouts, confirmations, welcome mail, the test copy) goes through sendMail, which
// tells a temporary failure (4xx, connection refused, timeout: try again later) from a permanent one (5xx: this
// address will not take it), because delivery retries the first and records the second.
import "server-only";
import fs from "node:fs";
import net from "node:net";
import nodemailer, { type Transporter } from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { env } from "../env";
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
  const privateKey = DKIM_PRIVATE_KEY.includes("-----BEGIN") ? DKIM_PRIVATE_KEY : fs.readFileSync(DKIM_PRIVATE_KEY, "utf8");
  return { domainName: DKIM_DOMAIN, keySelector: DKIM_SELECTOR, privateKey };
}

type SocketCallback = (error: Error | null, socket?: { connection: net.Socket } | false) => void;

/**
 * Each pooled connection's TCP socket, made here with Nagle's algorithm off. nodemailer writes a message's closing
 * `.` on its own after the body, and with Nagle on that small write waits for the server to acknowledge the body,
 * which servers delay (about 40 ms on Linux): every message waited that long, which held a connection to about 20
 * messages a second (measured into a local SMTP server; README, Mail). TLS (smtps://, STARTTLS) is still nodemailer's.
 * When the connection fails, nodemailer is told to connect itself (`false`) and meets the same failure on its own
 * path: an error handed back here is not counted against the pool, whose slots then ran out after SMTP_POOL_SIZE
 * failures and every later message waited for ever.
 */
export function connectWithoutDelay(options: { host?: string; port?: number; secure?: boolean }, callback: SocketCallback): void {
  const socket = net.connect({ host: options.host, port: options.port || (options.secure ? 465 : 587), noDelay: true });
  const giveUp = () => {
    socket.destroy();
    callback(null, false);
  };
  socket.setTimeout(10_000, giveUp);
  socket.once("error", giveUp);
  socket.once("connect", () => {
    socket.setTimeout(0);
    socket.removeListener("error", giveUp);
    callback(null, { connection: socket });
  });
}

const globalForMail = globalThis as unknown as { __mailTransport?: Transporter };

function transport(): Transporter {
  if (globalForMail.__mailTransport) return globalForMail.__mailTransport;
  const perSecond = env().SMTP_MAX_PER_SECOND;
  const options: SMTPPool.Options = {
    pool: true,
    maxConnections: env().SMTP_POOL_SIZE,
    ...(perSecond > 0 ? { rateDelta: 1000, rateLimit: perSecond } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // The catcher and test servers speak plain SMTP on loopback; a real server's STARTTLS is used when offered.
    tls: { rejectUnauthorized: !mailIsCaught() },
    dkim: dkimOptions(),
    getSocket: connectWithoutDelay,
  };
  // The URL parsed into the options (nodemailer's own parser: host, port, secure, auth, query settings): given as a
  // string, or as `url` beside them, nodemailer ignored the options (createTransport(url, options) takes them for
  // message defaults) and sent each message over a new connection with no pool, rate limit or socket setting.
  globalForMail.__mailTransport = nodemailer.createTransport({ ...parseConnectionUrl(smtpUrl()), ...options });
  return globalForMail.__mailTransport;
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
  const headers: Record<string, string> = { ...mail.headers };
  if (mail.listUnsubscribeUrl) {
    headers["List-Unsubscribe"] = `<${mail.listUnsubscribeUrl}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
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
    const info = await transport().sendMail(nodemailerMessage(mail));
    return { messageId: info.messageId, response: info.response };
  } catch (error) {
    throw classify(error);
  }
}

/** Ends the pool (graceful shutdown, tests). The next sendMail opens a new one. */
export function closeMailTransport(): void {
  globalForMail.__mailTransport?.close();
  globalForMail.__mailTransport = undefined;
}
