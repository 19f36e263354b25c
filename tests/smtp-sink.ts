// A real SMTP server for tests (the smtp-server package) that parses what arrives with mailparser. It can be told to
// answer the next messages with an SMTP error (a 4xx is temporary, a 5xx permanent) or be stopped and started again on
// the same port, so delivery's retries are tried against a server, not a mock.
import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
  /** Header value by lower-case name, as text. */
  header(name: string): string | undefined;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** SMTP connections opened so far (a pooled sender reuses a few). */
  connections(): number;
  /** Resolves when at least `count` messages have arrived (rejects after timeoutMs). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Answer the next `times` messages with this SMTP code and text instead of accepting them. */
  failNext(times: number, code: number, text?: string): void;
  /**
   * Keep every message that arrives from now on unanswered (the sender waits on it) until `release`; `waiting` is how
   * many are being kept. A slow server, so a test can act while a batch is under way. With `only`, just the messages
   * to that address are kept (one slow recipient); the rest are answered as usual.
   */
  hold(only?: string): { waiting(): number; release(): void };
  stop(): Promise<void>;
  /** Listen again on the same port after stop(). */
  restart(): Promise<void>;
}

function headerText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object" && value && "text" in value) return String((value as { text: string }).text);
  if (typeof value === "object" && value && "value" in value) return JSON.stringify(value);
  return String(value);
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const failures: { code: number; text: string }[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let held: { kept: (() => void)[]; only?: string } | null = null;
  let connections = 0;

  const makeServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      size: 10 * 1024 * 1024,
      // stop() ends the connections a pooled sender keeps open after this long, instead of smtp-server's 30 s.
      closeTimeout: 500,
      onConnect(_session, callback) {
        connections += 1;
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        const holds = () => held && (!held.only || session.envelope.rcptTo.some((r) => r.address === held!.only));
        stream.on("end", () => (holds() ? held!.kept.push(answer) : answer()));
        const answer = () => {
          const failure = failures.shift();
          if (failure) {
            const error = Object.assign(new Error(failure.text), { responseCode: failure.code });
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          simpleParser(raw).then(
            (parsed) => {
              received.push({
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                raw,
                parsed,
                header: (name) => headerText(parsed.headers.get(name.toLowerCase())),
              });
              for (const waiter of waiters.filter((w) => received.length >= w.count)) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.resolve();
              }
              callback();
            },
            (error: Error) => callback(error),
          );
        };
      },
    });

  // A client killed mid-message (the sendout workers' SIGKILL test) resets its connection; smtp-server reports that as
  // an 'error' event, which without a listener is an uncaught exception in the test process. The messages count, not
  // the resets. A failed listen still rejects through listen's own listener.
  const ignoreClientResets = (s: SMTPServer) => s.on("error", () => {});
  let server = ignoreClientResets(makeServer());
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(p, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port));
    });
  const actualPort = await listen(port);

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    connections: () => connections,
    waitFor(count, timeoutMs = 20_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`SMTP sink: ${received.length} of ${count} messages after ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    failNext(times, code, text = code >= 500 ? "5.1.1 Mailbox unavailable" : "4.3.0 Try again later") {
      for (let i = 0; i < times; i++) failures.push({ code, text });
    },
    hold(only) {
      const kept: (() => void)[] = [];
      held = { kept, only };
      return {
        waiting: () => kept.length,
        release() {
          held = null;
          for (const answer of kept.splice(0)) answer();
        },
      };
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
    async restart() {
      server = ignoreClientResets(makeServer());
      await listen(actualPort);
    },
  };
}
