// The embedded mail catcher: a real SMTP server (smtp-server) on loopback that accepts every message and keeps it as
// an .eml file for the dashboard's Outbox (modules/sendouts/services/outbox.ts), so `npm start` without SMTP_URL sends mail that
// never leaves the machine. Started by scripts/start.mjs in the server's own process (compiled to
// dist/mail-catcher.mjs like the leisure-card simulator); tests start it on a free port with a folder of their own.
//
// The folder holds personal data (the addresses and texts of every company's members): it is created 0700 and each
// file 0600. Disk is bounded: only the newest `keep` messages (1,000) stay, each at most MAX_MESSAGE_BYTES (5 MB; a
// newsletter is tens of kB), so the folder never holds more than 5 GB and usually a few MB. A message is written to a
// temporary name and renamed, so the Outbox never reads half a file.
import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { closeOnShutdown } from "../lib/bootstrap/shutdown-hooks";
import { env } from "../lib/env";
import { mailDestinationLine } from "../lib/mail/destination";
import { OUTBOX_KEEP, outboxFileName, outboxIdOfFile } from "../modules/sendouts/schemas/outbox";

const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

export interface MailCatcher {
  port: number;
  url: string;
  dir: string;
  close(): Promise<void>;
}

/** The catcher's folder, private to this user whether it is new or was left with looser modes. */
function privateFolder(dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  // Strays from a crash between write and rename.
  for (const name of fs.readdirSync(dir))
    if (name.startsWith(".tmp-")) fs.rmSync(path.join(dir, name), { force: true });
  return fs
    .readdirSync(dir)
    .filter((name) => outboxIdOfFile(name) !== null)
    .sort();
}

export async function startMailCatcher(options: {
  dir: string;
  port?: number;
  host?: string;
  keep?: number;
}): Promise<MailCatcher> {
  const dir = path.resolve(options.dir);
  const keep = options.keep ?? OUTBOX_KEEP;
  // Oldest first; names sort by receipt time.
  const kept = privateFolder(dir);
  let lastMs = 0;

  const store = async (raw: Buffer) => {
    // Strictly increasing times, so two messages in one millisecond keep their order.
    lastMs = Math.max(Date.now(), lastMs + 1);
    const name = outboxFileName(`${lastMs}-${crypto.randomBytes(8).toString("hex")}`);
    const temporary = path.join(dir, `.tmp-${name}`);
    await fs.promises.writeFile(temporary, raw, { mode: 0o600, flag: "wx" });
    await fs.promises.rename(temporary, path.join(dir, name));
    // Sorted again: messages stored side by side finish in any order, and the oldest must go first.
    kept.push(name);
    kept.sort();
    while (kept.length > keep) await fs.promises.rm(path.join(dir, kept.shift()!), { force: true });
  };

  // Loaded here: a process sending to a real SMTP_URL never needs smtp-server (2 MB of heap).
  const { SMTPServer } = await import("smtp-server");
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // A client still connected at shutdown is cut off after this, not smtp-server's 30 s.
    closeTimeout: 2000,
    size: MAX_MESSAGE_BYTES,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        // smtp-server reads to the end and flags a message over `size`; refuse it as a permanent failure.
        if (stream.sizeExceeded)
          return callback(Object.assign(new Error("5.3.4 Message too big"), { responseCode: 552 }));
        store(Buffer.concat(chunks)).then(
          () => callback(),
          (error: Error) =>
            callback(
              Object.assign(new Error(`4.3.0 Could not store the message: ${error.message}`), { responseCode: 451 }),
            ),
        );
      });
    },
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? env().MAIL_CATCHER_PORT, host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://${host}:${port}`,
    dir,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * npm start's catcher: started unless SMTP_URL names a real server, closed by the graceful shutdown after the server
 * has drained (mail of requests in flight still arrives). Prints where mail goes either way. A taken port is said and
 * the service goes on: sending then fails with a temporary error until the port is free.
 */
export async function startEmbeddedMailCatcher(): Promise<void> {
  const config = env();
  const origin = config.SITE_URL ?? `http://localhost:${config.PORT}`;
  if (config.SMTP_URL) {
    console.log(mailDestinationLine(config.SMTP_URL, config.MAIL_CATCHER_PORT, origin));
    return;
  }
  try {
    const catcher = await startMailCatcher({ dir: config.MAIL_CATCHER_DIR });
    closeOnShutdown(catcher.close);
    console.log(mailDestinationLine(undefined, catcher.port, origin));
    console.log(
      `Mail catcher keeps the newest ${OUTBOX_KEEP.toLocaleString("en-GB")} messages in ${catcher.dir} (0700)`,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    console.error(
      `mail catcher did not start on 127.0.0.1:${config.MAIL_CATCHER_PORT} (${code}); mail cannot be sent until that port is free ` +
        "(set MAIL_CATCHER_PORT, or SMTP_URL for a real server)",
    );
  }
}
