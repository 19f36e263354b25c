// DKIM: with DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (here a path to a PEM file) the transport signs. A message
// sent with a freshly generated RSA key arrives at a real SMTP server with a DKIM-Signature naming d= and s=, and
// mailauth verifies it against the public key as the selector's TXT record would publish it; changes do not verify.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../smtp-sink";

const DOMAIN = "example.org";
const SELECTOR = "utskick2026";

let sink: SmtpSink;
let mail: typeof import("@/lib/mail/transport");
let publicKey: Buffer;

beforeAll(async () => {
  const keys = crypto.generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "der" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  publicKey = keys.publicKey;
  const keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dkim-")), "private.pem");
  fs.writeFileSync(keyFile, keys.privateKey, { mode: 0o600 });
  sink = await startSmtpSink();
  Object.assign(process.env, {
    SMTP_URL: sink.url,
    MAIL_FROM: "Förbundet <utskick@example.org>",
    SECRETS_FILE: `/tmp/mail-dkim-${process.pid}.json`,
    DKIM_DOMAIN: DOMAIN,
    DKIM_SELECTOR: SELECTOR,
    DKIM_PRIVATE_KEY: keyFile,
  });
  mail = await import("@/lib/mail/transport");
});

afterAll(async () => {
  mail.closeMailTransport();
  await sink.stop();
});

/** DNS as the domain would publish the selector: only `<selector>._domainkey.<domain>` has a key. */
const resolver = async (name: string, type: string) => {
  if (type !== "TXT" || name !== `${SELECTOR}._domainkey.${DOMAIN}`)
    throw Object.assign(new Error(`no ${type} ${name}`), { code: "ENOTFOUND" });
  return [[`v=DKIM1; k=rsa; p=${publicKey.toString("base64")}`]];
};

it("signs with DKIM: the signature names the domain and selector and verifies against the published key", async () => {
  await mail.sendMail({
    to: "anna@example.org",
    subject: "Nyhetsbrev – december",
    html: "<p>Hej Anna!</p>",
    text: "Hej Anna!",
    messageId: "<sendout-9-1@example.org>",
    listUnsubscribeUrl: "https://example.org/v3/subscription_list/unsubscribe/L/M",
  });
  const [received] = await sink.waitFor(1);
  const signature = /^DKIM-Signature: ([^\r\n]*(?:\r?\n[ \t][^\r\n]*)*)/m.exec(received.raw)?.[1] ?? "";
  expect(signature).toMatch(/(^|;\s*)d=example\.org;/);
  expect(signature).toMatch(/(^|;\s*)s=utskick2026;/);

  const verified = await dkimVerify(received.raw, { resolver });
  expect(verified.results.map((r) => [r.signingDomain, r.selector, r.status.result])).toEqual([
    [DOMAIN, SELECTOR, "pass"],
  ]);

  // A changed body no longer matches the signed body hash; a changed signed header breaks the signature itself.
  const body = received.raw.replace("Hej Anna!", "Hej Bo!");
  expect(body).not.toBe(received.raw);
  expect((await dkimVerify(body, { resolver })).results[0].status).toMatchObject({
    result: "neutral",
    comment: "body hash did not verify",
  });
  const header = received.raw.replace("To: anna@example.org", "To: bo@example.org");
  expect(header).not.toBe(received.raw);
  expect((await dkimVerify(header, { resolver })).results[0].status.result).toBe("fail");
});
