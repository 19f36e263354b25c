import fs from "node:fs";
import path from "node:path";
import { env } from "../env";
import { logger } from "../logger";
import { mailDestinationLine } from "../mail/destination";
import type { DemoCredentials } from "./demo-seed";

/**
 * Shown once, when the demo is seeded (secrets are stored only as hashes afterwards), and never in the server log:
 * stdout is where the JSON log goes, and where a service manager or a container collects it. The banner goes to the
 * process's terminal when it has one, and to a private file (0600) beside SECRETS_FILE, which the log names: a server
 * started without a terminal has no other way to hand the secrets to its operator.
 */
export function printDemoCredentials(c: DemoCredentials, origin: string): void {
  const basic = Buffer.from(`${c.clientId}:${c.clientSecret}`).toString("base64");
  const banner = [
    "",
    "=== Demo organization seeded (these secrets are shown only now) ===",
    `Dashboard:      ${origin}/admin  (email ${c.adminEmail}  password ${c.adminPassword})`,
    ...(c.leader
      ? [`Leader (phone): ${origin}/admin/leader  (email ${c.leader.email}  password ${c.leader.password})`]
      : []),
    `API client_id:  ${c.clientId}`,
    `API secret:     ${c.clientSecret}`,
    `Root company:   ${c.rootCompanyId}`,
    `Subscribe page: ${origin}/subscribe/${c.subscribeListUuid}`,
    ...(c.signupCompanyUuid ? [`Sign-up page:   ${origin}/activities/${c.signupCompanyUuid}`] : []),
    mailDestinationLine(env().SMTP_URL, env().MAIL_CATCHER_PORT, origin),
    `Try it:         curl -s -X POST -H 'Authorization: Basic ${basic}' ${origin}/v3/access/user/basic`,
    "===================================================================",
    "",
  ].join("\n");
  // One file per seeding (named by its key), so servers sharing SECRETS_FILE's folder never read each other's.
  const file = path.resolve(path.dirname(env().SECRETS_FILE), `demo-credentials-${c.clientId}.txt`);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, banner, { mode: 0o600, flag: "wx" });
  writeToTerminal(banner);
  logger().warn(
    { credentials_file: file },
    "demo organization seeded: its admin password and API secret are in credentials_file (0600), not in this log",
  );
}

/** Writes to the controlling terminal (/dev/tty), whatever stdout is redirected to; nothing without one. */
function writeToTerminal(text: string): void {
  let tty: number;
  try {
    tty = fs.openSync("/dev/tty", "w");
  } catch {
    return;
  }
  try {
    fs.writeSync(tty, text);
  } finally {
    fs.closeSync(tty);
  }
}
