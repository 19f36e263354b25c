// Optional two-factor sign-in for staff (docs/dashboard.md "Admin dashboard": reset and two-factor): TOTP (RFC 6238, 30 s steps,
// 6 digits) through otplib, the secret encrypted at rest (lib/crypto.ts), turned on only once a code from the app
// confirms it; then 10 recovery codes, stored as SHA-256 (80 random bits each) and each usable once. A code is
// accepted one step either side of now (clock drift) and never twice: the step of the last accepted code is stored
// and only a later one is taken.
import "server-only";
import crypto from "node:crypto";
import { generateSecret, generateURI, verifySync } from "otplib";
import QRCode from "qrcode";
import { decryptSecret, encryptSecret, sha256Hex } from "@/lib/crypto";
import { db, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { Conflict, Forbidden, NotFound, ValidationFailed } from "@/lib/errors";
import { consumeRateLimit, refundRateLimit } from "@/lib/http/rate-limit";
import { normalizeEmail } from "@/lib/validation/email";
import { RECOVERY_CODE_COUNT } from "../schemas/staff-auth";
import { verifyAdminPassword } from "./admin-users";
import { recordAudit } from "@/modules/audit/services/audit";
import { operatorCaller, type Caller } from "./caller";

const ISSUER = "Förening service";
/** Seconds either side of now whose codes are accepted: one 30-second step. */
const TOLERANCE_SECONDS = 30;

/** The time step of a valid code (TOTP only), later than `afterTimeStep` when given; null otherwise. */
function acceptedStep(secret: string, token: string, afterTimeStep: number | null = null): number | null {
  const result = verifySync({
    secret,
    token,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep !== null ? { afterTimeStep } : {}),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

const encrypt = (secret: string) => encryptSecret(secret, env().ENCRYPTION_KEY);
const decrypt = (stored: string) => decryptSecret(stored, env().ENCRYPTION_KEY);

/** The signed-in staff member's own row: the account page acts on nobody else's. */
async function ownUser(caller: Caller) {
  if (caller.kind !== "admin_user" || caller.userId === null)
    throw new Forbidden("only a dashboard user has an account");
  const user = await db().adminUser.findUnique({
    where: { id: caller.userId },
    include: { accessGroup: { include: { companies: true } } },
  });
  if (!user) throw new NotFound("admin user not found");
  return user;
}

const companyOf = (user: Awaited<ReturnType<typeof ownUser>>) => user.accessGroup.companies[0]?.companyId ?? null;

export async function twoFactorStatus(caller: Caller) {
  const user = await ownUser(caller);
  const left = user.totpEnabledAt
    ? await db().adminRecoveryCode.count({ where: { adminUserId: user.id, usedAt: null } })
    : 0;
  return { email: user.email, name: user.name, enabledAt: user.totpEnabledAt, recoveryCodesLeft: left };
}

/** A new secret to set up (replacing one not confirmed yet), as text and as a QR code (a data: URL of a PNG). */
export async function startTwoFactorSetup(caller: Caller): Promise<{ secret: string; qr: string }> {
  const user = await ownUser(caller);
  if (user.totpEnabledAt) throw new Conflict("two-factor sign-in is already on");
  const secret = generateSecret();
  await db().adminUser.update({ where: { id: user.id }, data: { totpPendingSecret: encrypt(secret) } });
  const uri = generateURI({ issuer: ISSUER, label: user.email, secret });
  return { secret, qr: await QRCode.toDataURL(uri, { errorCorrectionLevel: "M", margin: 2, width: 232 }) };
}

// Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper has no look-alikes.
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(10); // 80 bits: 16 characters of 5 bits
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = "";
  for (let i = 0; i < 16; i++) code = ALPHABET[Number((bits >> BigInt(5 * i)) & 31n)] + code;
  return code.match(/.{4}/g)!.join("-");
}

/** A recovery code as typed: case, spaces and dashes do not matter, nor the look-alikes o/0 and i/l/1. */
function recoveryCodeKey(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "").replace(/o/g, "0").replace(/[il]/g, "1");
}

/** Confirms the pending secret with a code from the app, turns two-factor sign-in on and returns the recovery codes. */
export async function confirmTwoFactorSetup(caller: Caller, code: string): Promise<{ recoveryCodes: string[] }> {
  const user = await ownUser(caller);
  if (user.totpEnabledAt) throw new Conflict("two-factor sign-in is already on");
  if (!user.totpPendingSecret) throw new Conflict("start the setup first");
  const step = acceptedStep(decrypt(user.totpPendingSecret), code);
  if (step === null) throw new ValidationFailed({ code: ["the code is not right"] });
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db().$transaction(async (tx) => {
    const turnedOn = await tx.adminUser.updateMany({
      where: { id: user.id, totpEnabledAt: null, totpPendingSecret: user.totpPendingSecret },
      data: {
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: new Date(),
        totpLastStep: step,
      },
    });
    if (turnedOn.count !== 1) throw new Conflict("the setup changed meanwhile; start again");
    await tx.adminRecoveryCode.deleteMany({ where: { adminUserId: user.id } });
    await tx.adminRecoveryCode.createMany({
      data: recoveryCodes.map((c) => ({ adminUserId: user.id, codeHash: sha256Hex(recoveryCodeKey(c)) })),
    });
    await recordAudit(tx, caller, {
      action: "admin_user.two_factor_on",
      objectType: "admin_user",
      objectId: user.id,
      companyId: companyOf(user),
      summary: `${user.email}: two-factor sign-in turned on`,
    });
  });
  return { recoveryCodes };
}

/**
 * A second factor at sign-in (or to turn it off): a 6-digit code from the app, not of a step already used, or an
 * unused recovery code, which is used up. False for a user without two-factor sign-in.
 */
export async function verifySecondFactor(adminUserId: number, code: string): Promise<boolean> {
  const user = await db().adminUser.findUnique({
    where: { id: adminUserId },
    select: { totpSecret: true, totpEnabledAt: true, totpLastStep: true },
  });
  if (!user?.totpSecret || !user.totpEnabledAt) return false;
  const typed = code.replace(/\s+/g, "");
  if (/^\d{6}$/.test(typed)) {
    const step = acceptedStep(decrypt(user.totpSecret), typed, user.totpLastStep);
    if (step === null) return false;
    // Claimed atomically: two sign-ins racing with one code, only one passes.
    const claimed = await db().adminUser.updateMany({
      where: { id: adminUserId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
      data: { totpLastStep: step },
    });
    return claimed.count === 1;
  }
  const key = recoveryCodeKey(typed);
  if (!/^[0-9a-z]{16}$/.test(key)) return false;
  const used = await db().adminRecoveryCode.updateMany({
    where: { adminUserId, codeHash: sha256Hex(key), usedAt: null },
    data: { usedAt: new Date() },
  });
  return used.count === 1;
}

async function clearTwoFactor(tx: Tx, adminUserId: number): Promise<void> {
  await tx.adminUser.update({
    where: { id: adminUserId },
    data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null },
  });
  await tx.adminRecoveryCode.deleteMany({ where: { adminUserId } });
}

/**
 * Turns it off with a current code (or a recovery code) or the password. Wrong proofs spend the account's sign-in
 * budget (login_account), so this is no way around the sign-in's limits.
 */
export async function turnOffTwoFactor(caller: Caller, proof: { code?: string; password?: string }): Promise<void> {
  const user = await ownUser(caller);
  if (!user.totpEnabledAt) return;
  await consumeRateLimit("login_account", user.email);
  const ok = proof.code
    ? await verifySecondFactor(user.id, proof.code)
    : Boolean(proof.password && (await verifyAdminPassword(user.email, proof.password)));
  if (!ok) throw new ValidationFailed({ [proof.code ? "code" : "password"]: ["the code or password is not right"] });
  await refundRateLimit("login_account", user.email);
  await db().$transaction(async (tx) => {
    await clearTwoFactor(tx, user.id);
    await recordAudit(tx, caller, {
      action: "admin_user.two_factor_off",
      objectType: "admin_user",
      objectId: user.id,
      companyId: companyOf(user),
      summary: `${user.email}: two-factor sign-in turned off`,
    });
  });
}

/** The operator's way out for a staff member who lost both the phone and the recovery codes (npm run cli). */
export async function turnOffTwoFactorByOperator(email: string): Promise<{ email: string; wasOn: boolean }> {
  const user = await db().adminUser.findUnique({
    where: { email: normalizeEmail(email) },
    include: { accessGroup: { include: { companies: true } } },
  });
  if (!user) throw new NotFound("admin user not found");
  const wasOn = user.totpEnabledAt !== null;
  await db().$transaction(async (tx) => {
    await clearTwoFactor(tx, user.id);
    await recordAudit(tx, operatorCaller(), {
      action: "admin_user.two_factor_off",
      objectType: "admin_user",
      objectId: user.id,
      companyId: companyOf(user),
      summary: `${user.email}: two-factor sign-in turned off by the operator`,
    });
  });
  return { email: user.email, wasOn };
}
