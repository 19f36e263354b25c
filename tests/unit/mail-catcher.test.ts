// The embedded mail catcher over real SMTP: what a client sends is kept as an .eml file (private modes), the folder
// keeps only the newest messages, a message over the size bound is refused, and a taken port is an error to report.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { outboxIdOfFile, outboxReceivedAt } from "@/modules/sendouts/schemas/outbox";
import { startMailCatcher, type MailCatcher } from "../../scripts/mail-catcher";

const started: MailCatcher[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((c) => c.close()));
});

async function catcher(options: { keep?: number; dir?: string } = {}) {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "catcher-"));
  const c = await startMailCatcher({ dir, port: 0, keep: options.keep });
  started.push(c);
  return c;
}

const send = (c: MailCatcher, n: number, extra: Record<string, unknown> = {}) =>
  nodemailer.createTransport({ host: "127.0.0.1", port: c.port, secure: false, ignoreTLS: true }).sendMail({
    from: "Förbundet <utskick@example.org>",
    to: `medlem-${n}@example.org`,
    subject: `Nyhetsbrev ${n} – åäö`,
    text: `Hej ${n}!`,
    html: `<p>Hej ${n}!</p>`,
    ...extra,
  });

const emlFiles = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort();

describe("the mail catcher", () => {
  it("keeps a message as it arrived, in a 0600 file named by its receipt time, in a 0700 folder", async () => {
    const c = await catcher();
    const before = Date.now();
    await send(c, 1, { headers: { "List-Unsubscribe": "<https://example.org/u/1>" } });
    const [name] = emlFiles(c.dir);
    const id = outboxIdOfFile(name);
    expect(id).not.toBeNull();
    expect(Date.parse(outboxReceivedAt(id!))).toBeGreaterThanOrEqual(before - 5);
    expect(fs.statSync(c.dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(c.dir, name)).mode & 0o777).toBe(0o600);
    const raw = fs.readFileSync(path.join(c.dir, name));
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe("Nyhetsbrev 1 – åäö");
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : "").toBe("medlem-1@example.org");
    expect(parsed.html).toContain("<p>Hej 1!</p>");
    expect(raw.toString()).toMatch(/^List-Unsubscribe: <https:\/\/example\.org\/u\/1>\r$/m);
  });

  it("makes a folder left world-readable private again, and drops half-written strays", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "catcher-"));
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(path.join(dir, ".tmp-1764000000000-0123456789abcdef.eml"), "half");
    const c = await catcher({ dir });
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(dir)).toEqual([]);
    await send(c, 1);
    expect(emlFiles(dir)).toHaveLength(1);
  });

  it("keeps only the newest `keep` messages, counting those found in the folder at start", async () => {
    const first = await catcher({ keep: 3 });
    for (let n = 1; n <= 2; n++) await send(first, n);
    await first.close();
    started.splice(started.indexOf(first), 1);
    const second = await catcher({ keep: 3, dir: first.dir });
    for (let n = 3; n <= 5; n++) await send(second, n);
    const files = emlFiles(second.dir);
    expect(files).toHaveLength(3);
    const subjects = await Promise.all(
      files.map(async (f) => (await simpleParser(fs.readFileSync(path.join(second.dir, f)))).subject),
    );
    expect(subjects).toEqual(["Nyhetsbrev 3 – åäö", "Nyhetsbrev 4 – åäö", "Nyhetsbrev 5 – åäö"]);
  });

  it("names messages in the order they arrive, even within one millisecond", async () => {
    const c = await catcher();
    await Promise.all(Array.from({ length: 10 }, (_, i) => send(c, i)));
    const times = emlFiles(c.dir).map((f) => Number(f.slice(0, 13)));
    expect(new Set(times).size).toBe(10);
  });

  it("refuses a message over 5 MB with a permanent error and keeps nothing of it", async () => {
    const c = await catcher();
    const big = crypto.randomBytes(4 * 1024 * 1024).toString("base64");
    await expect(send(c, 1, { text: big, html: undefined })).rejects.toMatchObject({ responseCode: 552 });
    expect(emlFiles(c.dir)).toEqual([]);
  });

  it("fails to start on a taken port with EADDRINUSE (npm start says so and goes on)", async () => {
    const c = await catcher();
    await expect(startMailCatcher({ dir: c.dir, port: c.port })).rejects.toMatchObject({ code: "EADDRINUSE" });
  });
});
