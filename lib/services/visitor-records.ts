// What a public subscribe writes about a person, shared by the subscribe itself (a new member) and the confirmation
// by email (applying what the visitor typed once the address owner agreed).
import "server-only";
import crypto from "node:crypto";
import { Prisma, type Tx } from "../db";
import { emitWebhookEvent } from "./webhook-events";

/** Is the organization's address suppressed (bounces, complaints, staff)? Such an address must confirm by email. */
export async function isSuppressed(tx: Tx, organizationId: string, email: string): Promise<boolean> {
  return (await suppressedAmong(tx, organizationId, [email])).size > 0;
}

/**
 * isSuppressed for many addresses in one query: those of `emails` whose suppression is in force (suppressed and not
 * lifted). Tagged SQL: a public subscribe asks on its hot path, and Prisma's findFirst cost three times as much CPU.
 */
export async function suppressedAmong(tx: Tx, organizationId: string, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const found = await tx.$queryRaw<{ email: string }[]>`
    SELECT "email" FROM "Suppression"
    WHERE "organizationId" = ${organizationId} AND "email" IN (${Prisma.join(emails)}) AND "suppressedAt" IS NOT NULL AND "liftedAt" IS NULL`;
  return new Set(found.map((s) => s.email));
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
