// What a public subscribe writes about a person, shared by the subscribe itself (a new member) and the confirmation
// by email (applying what the visitor typed once the address owner agreed).
import "server-only";
import crypto from "node:crypto";
import { Prisma, type Tx } from "@/lib/db";
import { jsonRows } from "@/lib/json-rows";
import { emitWebhookEvents } from "@/modules/webhooks/services/events";

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

/** What a public subscribe needs to know of an address first. */
export interface Visitor {
  /** The member that has the address in the organization, if any. */
  memberId: number | null;
  /** It opted out of all mail. */
  optedOut: boolean;
  /** The address is suppressed. */
  suppressed: boolean;
}

/** What a public subscribe needs to know of each address, in one statement (its hot path), by address. */
export async function visitorsOf(tx: Tx, organizationId: string, emails: string[]): Promise<Map<string, Visitor>> {
  const rows = await tx.$queryRaw<
    { email: string; id: number | bigint | null; globalOptOutAt: Date | null; suppressed: number | bigint | boolean }[]
  >`
    SELECT j."email", m."id", m."globalOptOutAt",
      EXISTS (SELECT 1 FROM "Suppression" s WHERE s."organizationId" = ${organizationId} AND s."email" = j."email" AND ${IN_FORCE}) AS "suppressed"
    FROM (${jsonRows(
      [["email", "text"]],
      emails.map((email) => [email]),
    )}) AS j
    LEFT JOIN "Member" m ON m."organizationId" = ${organizationId} AND m."email" = j."email"`;
  // EXISTS is a boolean on PostgreSQL and 0 or 1 on SQLite.
  return new Map(
    rows.map((row) => [
      row.email,
      {
        memberId: row.id === null ? null : Number(row.id),
        optedOut: row.globalOptOutAt !== null,
        suppressed: Number(row.suppressed) === 1,
      },
    ]),
  );
}

/** What a visitor typed about itself. */
export type Typed = { firstname?: string; lastname?: string; phone?: string };

/** createVisitors for one address. */
export async function createVisitor(
  tx: Tx,
  organizationId: string,
  email: string,
  typed: Typed,
  now: Date,
): Promise<number> {
  return (await createVisitors(tx, organizationId, [{ email, typed }], now)).get(email)!;
}

/**
 * New members of the organization with these addresses (distinct) and what each visitor typed, in one statement, in
 * the order of the addresses (the lock order of concurrent subscribes); the members' ids by address. Two first
 * subscribes at once with one address share one member: the unique index (organizationId, email) lets one insert
 * win, the other reads it. A member.created event for each one created.
 */
export async function createVisitors(
  tx: Tx,
  organizationId: string,
  visitors: { email: string; typed: Typed }[],
  now: Date,
): Promise<Map<string, number>> {
  if (visitors.length === 0) return new Map();
  const rows = visitors.map(({ email, typed }) => [
    crypto.randomUUID(),
    email,
    typed.firstname ?? null,
    typed.lastname ?? null,
    typed.phone ?? null,
  ]);
  // ORDER BY: the rows are inserted, and their index entries locked, in address order. WHERE true: SQLite would read
  // the ON of ON CONFLICT as a join's after a SELECT's FROM.
  const created = await tx.$queryRaw<{ id: number; email: string }[]>`
    INSERT INTO "Member" ("uuid", "organizationId", "email", "firstname", "lastname", "phone", "createdAt", "updatedAt")
    SELECT j."uuid", ${organizationId}, j."email", j."firstname", j."lastname", j."phone", ${now}, ${now}
    FROM (${jsonRows(
      [
        ["uuid", "text"],
        ["email", "text"],
        ["firstname", "text"],
        ["lastname", "text"],
        ["phone", "text"],
      ],
      rows,
    )}) AS j WHERE true
    ORDER BY j."email"
    ON CONFLICT ("organizationId", "email") DO NOTHING
    RETURNING "id", "email"`;
  await emitWebhookEvents(
    tx,
    "member.created",
    { companyId: organizationId },
    created.map((member) => ({ member_id: member.id })),
  );
  const ids = new Map(created.map((member) => [member.email, member.id]));
  const lost = visitors.filter(({ email }) => !ids.has(email)).map(({ email }) => email);
  if (lost.length) {
    const existing = await tx.$queryRaw<{ id: number; email: string }[]>`
      SELECT "id", "email" FROM "Member" WHERE "organizationId" = ${organizationId} AND "email" IN (${Prisma.join(lost)})`;
    for (const member of existing) ids.set(member.email, member.id);
  }
  return ids;
}

/** Names and phone fill only what the member lacks: even its owner's confirmation of a form does not overwrite. */
export async function fillEmptyFields(
  tx: Tx,
  memberId: number,
  typed: { firstname?: string; lastname?: string; phone?: string },
  now: Date,
): Promise<void> {
  for (const column of ["firstname", "lastname", "phone"] as const) {
    const value = typed[column];
    if (!value) continue;
    await tx.$executeRaw`UPDATE "Member" SET ${Prisma.raw(`"${column}"`)} = ${value}, "updatedAt" = ${now}
      WHERE "id" = ${memberId} AND COALESCE(${Prisma.raw(`"${column}"`)}, '') = ''`;
  }
}

/** The answered questions (already filtered to the list's own) of each member, as member properties, in one statement. */
export async function recordAnswers(
  tx: Tx,
  answers: { memberId: number; propertyIds: number[] }[],
  now: Date,
): Promise<void> {
  const rows = answers.flatMap(({ memberId, propertyIds }) =>
    propertyIds.map((propertyId) => Prisma.sql`(${memberId}, ${propertyId}, ${now})`),
  );
  if (rows.length === 0) return;
  await tx.$executeRaw`INSERT INTO "MemberProperty" ("memberId", "propertyId", "createdAt") VALUES ${Prisma.join(rows)} ON CONFLICT DO NOTHING`;
}

/** Acceptance of the list's current term version by each member, dated: the consent evidence, in one statement. */
export async function recordConsents(
  tx: Tx,
  memberIds: number[],
  termId: number,
  listId: number,
  now: Date,
): Promise<void> {
  if (memberIds.length === 0) return;
  const rows = memberIds.map((memberId) => Prisma.sql`(${memberId}, ${termId}, ${listId}, ${now})`);
  await tx.$executeRaw`INSERT INTO "MemberConsent" ("memberId", "termId", "sourceListId", "acceptedAt") VALUES ${Prisma.join(rows)}`;
}
