// Staff password reset by mail on the services, with a real SMTP server (tests/smtp-sink.ts): one answer whatever the
// address, a link whose token is stored only as a hash, single use, 60 minutes, only the newest link, no mail to a
// disabled user, limits per address, and a reset that ends every session and is audited.
import { describe, expect, it } from "vitest";
import { verify } from "@node-rs/argon2";
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db";
import { RateLimited, ValidationFailed } from "@/lib/errors";
import { adminSessionLive, startAdminSession } from "@/modules/access/services/admin-sessions";
import { updateAdminUser, verifyAdminPassword } from "@/modules/access/services/admin-users";
import { operatorCaller } from "@/modules/access/services/caller";
import {
  passwordResetLinkWorks,
  requestStaffPasswordReset,
  resetStaffPassword,
} from "@/modules/access/services/staff-password-reset";
import { PasswordResetConfirmRequest } from "@/modules/access/schemas/staff-auth";
import { newAdminUser } from "../dashboard-session";
import { uniqueIp } from "../helpers";
import { smtpSinkForServices } from "../service-mail";

const sink = await smtpSinkForServices({ siteUrl: "https://lists.example.org" });

/** Asks for a link and waits until the mail (if any) has been sent. */
async function ask(email: string, lang: "sv" | "en" = "sv", ip = uniqueIp()) {
  const answer = await requestStaffPasswordReset({ email, lang, ip });
  await answer.delivered;
  return answer;
}

function tokenInMailTo(email: string): string {
  const mail = sink.received.findLast((m) => m.envelopeTo.includes(email));
  const match = /\/admin\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.parsed.text ?? "");
  if (!match) throw new Error(`no reset link to ${email}`);
  return match[1];
}

describe("staff password reset", () => {
  it("mails a link whose token is stored only as its hash; the link sets the password once, ends every session and is audited", async () => {
    const admin = await newAdminUser("EDITOR");
    const sessions = [await startAdminSession(admin.id), await startAdminSession(admin.id)];
    await ask(admin.email.toUpperCase());
    await sink.waitFor(1);
    const [mail] = sink.received;
    expect(mail.envelopeTo).toEqual([admin.email]);
    expect(mail.parsed.subject).toBe("Välj ett nytt lösenord");
    expect(mail.parsed.html).toContain("Välj nytt lösenord");
    const token = tokenInMailTo(admin.email);

    // At rest: the hash, never the token.
    const [row] = await db().adminPasswordReset.findMany({ where: { adminUserId: admin.id } });
    expect(row.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    // Looking at the link changes nothing.
    expect(await passwordResetLinkWorks(token)).toBe(true);
    expect(await passwordResetLinkWorks(token)).toBe(true);

    await resetStaffPassword({ token, password: "ett nytt långt lösenord" });
    expect(await verifyAdminPassword(admin.email, "ett nytt långt lösenord")).not.toBeNull();
    expect(await verifyAdminPassword(admin.email, admin.password)).toBeNull();
    for (const id of sessions) expect(await adminSessionLive(id, admin.id)).toBe(false);
    const user = await db().adminUser.findUniqueOrThrow({ where: { id: admin.id } });
    expect(await verify(user.passwordHash, "ett nytt långt lösenord")).toBe(true);
    const audit = await db().auditEntry.findFirstOrThrow({
      where: { action: "admin_user.password_reset", objectId: String(admin.id) },
    });
    expect(audit).toMatchObject({ actor: `admin:${admin.email}`, actorKind: "admin_user", objectType: "admin_user" });

    // Single use.
    expect(await passwordResetLinkWorks(token)).toBe(false);
    await expect(resetStaffPassword({ token, password: "ett tredje långt lösenord" })).rejects.toBeInstanceOf(
      ValidationFailed,
    );
    expect(await verifyAdminPassword(admin.email, "ett nytt långt lösenord")).not.toBeNull();
  });

  it("refuses a link older than 60 minutes", async () => {
    const admin = await newAdminUser();
    await ask(admin.email, "en");
    await sink.waitFor(1);
    expect(sink.received[0].parsed.subject).toBe("Choose a new password");
    const token = tokenInMailTo(admin.email);
    await db().adminPasswordReset.updateMany({
      where: { adminUserId: admin.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await passwordResetLinkWorks(token)).toBe(false);
    await expect(resetStaffPassword({ token, password: "ett nytt långt lösenord" })).rejects.toBeInstanceOf(
      ValidationFailed,
    );
    expect(await verifyAdminPassword(admin.email, admin.password)).not.toBeNull();
  });

  it("keeps only the newest link of a user working", async () => {
    const admin = await newAdminUser();
    await ask(admin.email);
    await sink.waitFor(1);
    const first = tokenInMailTo(admin.email);
    await ask(admin.email);
    await sink.waitFor(2);
    const second = tokenInMailTo(admin.email);
    expect(second).not.toBe(first);
    expect(await passwordResetLinkWorks(first)).toBe(false);
    expect(await passwordResetLinkWorks(second)).toBe(true);
  });

  it("answers the same for an unknown address and a disabled user, and mails neither", async () => {
    const admin = await newAdminUser();
    const disabled = await newAdminUser("VIEWER");
    await updateAdminUser(operatorCaller(), { id: disabled.id, active: false });
    const answers = await Promise.all([ask("nobody-here@example.org"), ask(disabled.email), ask(admin.email)]);
    expect(answers.map((a) => Object.keys(a))).toEqual([["delivered"], ["delivered"], ["delivered"]]);
    await sink.waitFor(1);
    expect(sink.received.map((m) => m.envelopeTo)).toEqual([[admin.email]]);
    expect(await db().adminPasswordReset.count({ where: { adminUserId: disabled.id } })).toBe(0);
  });

  it("refuses a link of a user disabled after it was sent", async () => {
    const admin = await newAdminUser("VIEWER");
    await ask(admin.email);
    await sink.waitFor(1);
    const token = tokenInMailTo(admin.email);
    await updateAdminUser(operatorCaller(), { id: admin.id, active: false });
    await expect(resetStaffPassword({ token, password: "ett nytt långt lösenord" })).rejects.toBeInstanceOf(
      ValidationFailed,
    );
  });

  it("limits requests per address (known or not) and per client address", async () => {
    for (const email of ["ghost-limit@example.org", (await newAdminUser()).email]) {
      for (let i = 0; i < 3; i++) await ask(email);
      await expect(ask(email)).rejects.toBeInstanceOf(RateLimited);
    }
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) await ask(`someone-${i}@example.org`, "sv", ip);
    await expect(ask("one-more@example.org", "sv", ip)).rejects.toBeInstanceOf(RateLimited);
  });

  it("asks for the password rules of the user screen", () => {
    expect(PasswordResetConfirmRequest.safeParse({ token: "x", password: "kort" }).success).toBe(false);
    expect(PasswordResetConfirmRequest.safeParse({ token: "x", password: "tolv tecken!" }).success).toBe(true);
  });
});
