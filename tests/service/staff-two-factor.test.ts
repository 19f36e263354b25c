// Two-factor sign-in on the services: the secret encrypted at rest and enabled only once a code confirms it, codes
// accepted once (the step of the last one is stored), recovery codes hashed at rest and each usable once, turning it
// off with a code or the password, and the operator's way out.
import { generateSync } from "otplib";
import { describe, expect, it } from "vitest";
import { authOptions } from "@/lib/auth/options";
import { LOGIN_ERRORS } from "@/lib/auth/login-errors";
import { decryptSecret, sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Conflict, Forbidden, ValidationFailed } from "@/lib/errors";
import { callerForAdminUser } from "@/modules/access/services/admin-users";
import { operatorCaller } from "@/modules/access/services/caller";
import {
  confirmTwoFactorSetup,
  startTwoFactorSetup,
  turnOffTwoFactor,
  turnOffTwoFactorByOperator,
  twoFactorStatus,
  verifySecondFactor,
} from "@/modules/access/services/staff-two-factor";
import { listAdminUsers } from "@/modules/access/services/admin-users";
import { newAdminUser } from "../dashboard-session";
import { uniqueIp } from "../helpers";

type Authorize = (
  credentials: Record<string, string>,
  request: { headers: Record<string, string> },
) => Promise<{ id: string } | null>;

/** One sign-in as the dashboard's form makes it, through next-auth's credentials provider; the error code or the user. */
async function signIn(credentials: Record<string, string>, ip: string): Promise<string> {
  const provider = authOptions().providers[0] as unknown as { options: { authorize: Authorize } };
  try {
    const user = await provider.options.authorize(credentials, { headers: { "x-socket-remote-address": ip } });
    return user ? `user ${user.id}` : LOGIN_ERRORS.wrongCredentials;
  } catch (error) {
    return (error as Error).message;
  }
}

const now = () => Math.floor(Date.now() / 1000);
/** The app's code for a moment `stepsFromNow` 30-second steps away. */
const codeAt = (secret: string, stepsFromNow = 0) => generateSync({ secret, epoch: now() + stepsFromNow * 30 });

async function withTwoFactor() {
  const admin = await newAdminUser("EDITOR");
  const caller = (await callerForAdminUser(admin.id))!;
  const { secret, qr } = await startTwoFactorSetup(caller);
  const { recoveryCodes } = await confirmTwoFactorSetup(caller, codeAt(secret));
  return { admin, caller, secret, qr, recoveryCodes };
}

describe("two-factor sign-in", () => {
  it("is turned on only by a code of the new secret, which is stored encrypted", async () => {
    const admin = await newAdminUser("VIEWER");
    const caller = (await callerForAdminUser(admin.id))!;
    const { secret, qr } = await startTwoFactorSetup(caller);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(qr).toMatch(/^data:image\/png;base64,/);
    let user = await db().adminUser.findUniqueOrThrow({ where: { id: admin.id } });
    expect(user.totpEnabledAt).toBeNull();
    expect(user.totpPendingSecret).not.toContain(secret);
    expect(decryptSecret(user.totpPendingSecret!, env().ENCRYPTION_KEY)).toBe(secret);

    await expect(
      confirmTwoFactorSetup(caller, String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, "0")),
    ).rejects.toBeInstanceOf(ValidationFailed);
    expect((await twoFactorStatus(caller)).enabledAt).toBeNull();

    const { recoveryCodes } = await confirmTwoFactorSetup(caller, codeAt(secret));
    user = await db().adminUser.findUniqueOrThrow({ where: { id: admin.id } });
    expect(user.totpEnabledAt).not.toBeNull();
    expect(user.totpPendingSecret).toBeNull();
    expect(user.totpSecret).not.toContain(secret);
    expect(decryptSecret(user.totpSecret!, env().ENCRYPTION_KEY)).toBe(secret);
    await expect(startTwoFactorSetup(caller)).rejects.toBeInstanceOf(Conflict);
    expect((await listAdminUsers(operatorCaller())).find((u) => u.id === admin.id)?.two_factor).toBe(true);

    // Ten distinct recovery codes, at rest only as hashes.
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    const stored = await db().adminRecoveryCode.findMany({ where: { adminUserId: admin.id } });
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code.replace(/-/g, ""));
    expect(stored.map((s) => s.codeHash).sort()).toEqual(
      recoveryCodes.map((c) => sha256Hex(c.replace(/-/g, ""))).sort(),
    );
    const audit = await db().auditEntry.findFirstOrThrow({
      where: { action: "admin_user.two_factor_on", objectId: String(admin.id) },
    });
    expect(audit.summary).not.toContain(secret);
  });

  it("accepts a code once: the code that confirmed the setup and a code used to sign in are refused after", async () => {
    const { admin, secret } = await withTwoFactor();
    expect(await verifySecondFactor(admin.id, codeAt(secret))).toBe(false); // the step the setup used
    const next = codeAt(secret, 1);
    expect(await verifySecondFactor(admin.id, next)).toBe(true); // a step ahead: clock drift allowed
    expect(await verifySecondFactor(admin.id, next)).toBe(false);
    expect(await verifySecondFactor(admin.id, codeAt(secret))).toBe(false); // earlier than the last used
    expect(await verifySecondFactor(admin.id, codeAt(secret, 3))).toBe(false); // beyond the window
    expect(await verifySecondFactor(admin.id, "12345")).toBe(false);
  });

  it("takes each recovery code once, as typed in any case, with or without dashes", async () => {
    const { admin, caller, recoveryCodes } = await withTwoFactor();
    expect(await verifySecondFactor(admin.id, recoveryCodes[0].toUpperCase())).toBe(true);
    expect(await verifySecondFactor(admin.id, recoveryCodes[0])).toBe(false);
    expect(await verifySecondFactor(admin.id, ` ${recoveryCodes[1].replace(/-/g, "")} `)).toBe(true);
    expect(await verifySecondFactor(admin.id, "aaaa-bbbb-cccc-dddd")).toBe(false);
    expect((await twoFactorStatus(caller)).recoveryCodesLeft).toBe(8);
    // Another user's code does nothing here.
    const other = await withTwoFactor();
    expect(await verifySecondFactor(admin.id, other.recoveryCodes[0])).toBe(false);
  });

  it("asks nothing of a user without it", async () => {
    const admin = await newAdminUser();
    expect(await verifySecondFactor(admin.id, "123456")).toBe(false);
    expect((await listAdminUsers(operatorCaller())).find((u) => u.id === admin.id)?.two_factor).toBe(false);
  });

  it("is turned off with the password or a current code, not with a wrong one", async () => {
    const { admin, caller, secret } = await withTwoFactor();
    await expect(turnOffTwoFactor(caller, { password: "not the password" })).rejects.toBeInstanceOf(ValidationFailed);
    await expect(turnOffTwoFactor(caller, { code: "000000" })).rejects.toBeInstanceOf(ValidationFailed);
    expect((await twoFactorStatus(caller)).enabledAt).not.toBeNull();
    await turnOffTwoFactor(caller, { password: admin.password });
    expect((await twoFactorStatus(caller)).enabledAt).toBeNull();
    expect(await db().adminRecoveryCode.count({ where: { adminUserId: admin.id } })).toBe(0);
    expect(await verifySecondFactor(admin.id, codeAt(secret, 1))).toBe(false);
    expect(
      await db().auditEntry.count({ where: { action: "admin_user.two_factor_off", objectId: String(admin.id) } }),
    ).toBe(1);

    const second = await withTwoFactor();
    await turnOffTwoFactor(second.caller, { code: codeAt(second.secret, 1) });
    expect((await twoFactorStatus(second.caller)).enabledAt).toBeNull();
  });

  it("is the staff member's own: an API key or the operator has no account here", async () => {
    await expect(startTwoFactorSetup(operatorCaller())).rejects.toBeInstanceOf(Forbidden);
  });

  it("can be turned off by the operator for a staff member who lost phone and codes", async () => {
    const { admin, caller } = await withTwoFactor();
    expect(await turnOffTwoFactorByOperator(admin.email.toUpperCase())).toEqual({ email: admin.email, wasOn: true });
    expect((await twoFactorStatus(caller)).enabledAt).toBeNull();
    const audit = await db().auditEntry.findFirstOrThrow({
      where: { action: "admin_user.two_factor_off", objectId: String(admin.id) },
    });
    expect(audit.actor).toBe("cli");
  });

  it("counts wrong codes on a budget of their own, which a right password without a code does not give back", async () => {
    const { admin, secret } = await withTwoFactor();
    const ip = uniqueIp();
    const valid = new Set([-1, 0, 1].map((step) => codeAt(secret, step)));
    const wrong = ["000000", "111111", "222222", "333333"].find((code) => !valid.has(code))!;
    const { email, password } = admin;
    // A guesser with the password alternates a wrong code with none: "code required" clears the (address, account)
    // record each time, so only the second factor's own budget (10 an hour per account) stops the guessing.
    for (let i = 0; i < 10; i++) {
      expect(await signIn({ email, password, code: wrong }, ip), `guess ${i + 1}`).toBe(LOGIN_ERRORS.wrongCode);
      expect(await signIn({ email, password }, ip)).toBe(LOGIN_ERRORS.codeRequired);
    }
    // The eleventh code is refused before it is checked, even the right one, and from another address too.
    expect(await signIn({ email, password, code: codeAt(secret, 1) }, ip)).toBe(LOGIN_ERRORS.rateLimited);
    expect(await signIn({ email, password, code: codeAt(secret, 1) }, uniqueIp())).toBe(LOGIN_ERRORS.rateLimited);
    // A wrong password is still what it was: refused as wrong credentials, the code never looked at.
    expect(await signIn({ email, password: "fel lösenord", code: codeAt(secret, 1) }, uniqueIp())).toBe(
      LOGIN_ERRORS.wrongCredentials,
    );
  });

  it("gives a right code its point back, so the owner's sign-ins spend nothing of that budget", async () => {
    const { admin, secret } = await withTwoFactor();
    const valid = new Set([-1, 0, 1, 2].map((step) => codeAt(secret, step)));
    const wrong = ["000000", "111111", "222222", "333333", "444444"].find((code) => !valid.has(code))!;
    const attempt = (code: string) => signIn({ email: admin.email, password: admin.password, code }, uniqueIp());
    for (let i = 0; i < 9; i++) expect(await attempt(wrong)).toBe(LOGIN_ERRORS.wrongCode);
    expect(await attempt(codeAt(secret, 1))).toBe(`user ${admin.id}`);
    // The tenth wrong code is still a wrong code; the eleventh attempt is over the budget.
    expect(await attempt(wrong)).toBe(LOGIN_ERRORS.wrongCode);
    expect(await attempt(wrong)).toBe(LOGIN_ERRORS.rateLimited);
  });
});
