// What a public subscribe writes about a person, shared by the subscribe itself (a new member) and the confirmation
// by email (applying what the visitor typed once the address owner agreed).
import "server-only";
import crypto from "node:crypto";
import { Prisma, type Tx } from "../db";
import { emitWebhookEvent } from "./webhook-events";

/** Where a suppression is in force: suppressed and not lifted. */
const IN_FORCE = Prisma.sql`"suppressedAt" IS NOT NULL AND "liftedAt" IS NULL`;

/** Is the organization's address suppressed (bounces, complaints, staff)? Such an address must confirm by email. */
export async function isSuppressed(tx: Tx, organizationId: string, email: string): Promise<boolean> {
  return (await suppressedAmong(tx, organizationId, [email])).size > 0;
}

/**
 * isSuppressed for many addresses in one query: those of `emails` whose suppression is in force. Tagged SQL: Prisma's
 * findFirst cost three times as much CPU.
 */
export async function suppressedAmong(tx: Tx, organizationId: string, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const found = await tx.$queryRaw<{ email: string }[]>`
    SELECT "email" FROM "Suppression" WHERE "organizationId" = ${organizationId} AND "email" IN (${Prisma.join(emails)}) AND ${IN_FORCE}`;
  return new Set(found.map((s) => s.email));
}

/**
 * What a public subscribe needs to know of an address first, in one statement (its hot path, issue 21): the member
 * that has it in the organization, if any, whether that member opted out of all mail, and whether the address is
 * suppressed.
 */
export async function visitorOf(tx: Tx, organizationId: string, email: string): Promise<{ memberId: number | null; optedOut: boolean; suppressed: boolean }> {
  const [row] = await tx.$queryRaw<{ id: number | bigint | null; globalOptOutAt: Date | null; suppressed: number | bigint | boolean }[]>`
    SELECT m."id", m."globalOptOutAt",
      EXISTS (SELECT 1 FROM "Suppression" WHERE "organizationId" = ${organizationId} AND "email" = ${email} AND ${IN_FORCE}) AS "suppressed"
    FROM (SELECT 1 AS "one") AS q LEFT JOIN "Member" m ON m."organizationId" = ${organizationId} AND m."email" = ${email}`;
  // EXISTS is a boolean on PostgreSQL and 0 or 1 on SQLite.
  return { memberId: row.id === null ? null : Number(row.id), optedOut: row.globalOptOutAt !== null, suppressed: Number(row.suppressed) === 1 };
}

/**
 * A new member of the organization with that email and what the visitor typed. Two first subscribes at once with
 * one email share one member: the unique index (organizationId, email) lets one insert win, the other reads it.
 */
export async function createVisitor(tx: Tx, organizationId: string, email: string, typed: { firstname?: string; lastname?: string; phone?: string }, now: Date): Promise<number> {
  const [created] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "Member" ("uuid", "organizationId", "email", "firstname", "lastname", "phone", "createdAt", "updatedAt")
    VALUES (${crypto.randomUUID()}, ${organizationId}, ${email}, ${typed.firstname ?? null}, ${typed.lastname ?? null}, ${typed.phone ?? null}, ${now}, ${now})
    ON CONFLICT ("organizationId", "email") DO NOTHING
    RETURNING "id"`;
  if (created) await emitWebhookEvent(tx, "member.created", { companyId: organizationId }, { member_id: created.id });
  if (created) return created.id;
  const [existing] = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "Member" WHERE "organizationId" = ${organizationId} AND "email" = ${email}`;
  return existing.id;
}

/** Names and phone fill only what the member lacks: even its owner's confirmation of a form does not overwrite. */
export async function fillEmptyFields(tx: Tx, memberId: number, typed: { firstname?: string; lastname?: string; phone?: string }, now: Date): Promise<void> {
  for (const column of ["firstname", "lastname", "phone"] as const) {
    const value = typed[column];
    if (!value) continue;
    await tx.$executeRaw`UPDATE "Member" SET ${Prisma.raw(`"${column}"`)} = ${value}, "updatedAt" = ${now}
      WHERE "id" = ${memberId} AND COALESCE(${Prisma.raw(`"${column}"`)}, '') = ''`;
  }
}

/** The answered questions (already filtered to the list's own) as member properties. */
export async function recordAnswers(tx: Tx, memberId: number, propertyIds: number[], now: Date): Promise<void> {
  if (propertyIds.length === 0) return;
  const rows = propertyIds.map((propertyId) => Prisma.sql`(${memberId}, ${propertyId}, ${now})`);
  await tx.$executeRaw`INSERT INTO "MemberProperty" ("memberId", "propertyId", "createdAt") VALUES ${Prisma.join(rows)} ON CONFLICT DO NOTHING`;
}

/** Acceptance of the list's current term version, dated: the consent evidence. */
export async function recordConsent(tx: Tx, memberId: number, termId: number, listId: number, now: Date): Promise<void> {
  await tx.$executeRaw`INSERT INTO "MemberConsent" ("memberId", "termId", "sourceListId", "acceptedAt") VALUES (${memberId}, ${termId}, ${listId}, ${now})`;
}
