// The multi-row writes of an import batch (imports-run.ts), each one statement with one bound value for the batch's
// rows (json-rows.ts): 500-row INSERTs with 5,500-6,000 bound values each were most of an import's CPU.
import "server-only";
import crypto from "node:crypto";
import { Prisma, type Tx } from "@/lib/db";
import type { ImportField } from "../schemas/imports";
import { jsonRows, jsonTimestamp, type ColumnType } from "@/lib/json-rows";

const MEMBER_FIELDS = [
  "firstname",
  "lastname",
  "phone",
  "birthdate",
  "street",
  "zipcode",
  "post",
] as const satisfies readonly ImportField[];

/** New members of the organization, each with its email and fields; their ids by email. */
export async function insertMembers(
  tx: Tx,
  organizationId: string,
  rows: { email: string; fields: Partial<Record<ImportField, string>> }[],
  now: Date,
): Promise<{ id: number; email: string }[]> {
  if (!rows.length) return [];
  const columns: [string, ColumnType][] = [
    ["uuid", "text"],
    ["email", "text"],
    ...MEMBER_FIELDS.map((f): [string, ColumnType] => [f, "text"]),
  ];
  const values = rows.map((r) => [crypto.randomUUID(), r.email, ...MEMBER_FIELDS.map((f) => r.fields[f] ?? null)]);
  const names = Prisma.raw(columns.map(([name]) => `"${name}"`).join(", "));
  return tx.$queryRaw<{ id: number; email: string }[]>`
    INSERT INTO "Member" (${names}, "organizationId", "createdAt", "updatedAt")
    SELECT ${names}, ${organizationId}, ${now}, ${now} FROM (${jsonRows(columns, values)}) AS j
    RETURNING "id", "email"`;
}

/** Fields filled in on existing members, each member's own (the caller chose those it lacks); updatedAt `now`. */
export async function fillMembers(
  tx: Tx,
  fills: { id: number; fill: Partial<Record<ImportField, string>> }[],
  now: Date,
): Promise<void> {
  if (!fills.length) return;
  const columns: [string, ColumnType][] = [
    ["id", "integer"],
    ...MEMBER_FIELDS.map((f): [string, ColumnType] => [f, "text"]),
  ];
  const values = fills.map((f) => [f.id, ...MEMBER_FIELDS.map((c) => f.fill[c] ?? null)]);
  const sets = Prisma.raw(MEMBER_FIELDS.map((c) => `"${c}" = COALESCE(j."${c}", "Member"."${c}")`).join(", "));
  await tx.$executeRaw`UPDATE "Member" SET ${sets}, "updatedAt" = ${now} FROM (${jsonRows(columns, values)}) AS j WHERE "Member"."id" = j."id"`;
}

export interface ImportRowValues {
  runId: number;
  rowNumber: number;
  email: string | null;
  outcome: string;
  reason: string | null;
  memberId: number | null;
  memberCreated: boolean;
  subscribed: boolean;
  subscriptionNew: boolean;
  filled: string | null;
  memberWrittenAt: Date | null;
  membershipId: number | null;
}

const IMPORT_ROW_COLUMNS: [keyof ImportRowValues, ColumnType][] = [
  ["runId", "integer"],
  ["rowNumber", "integer"],
  ["email", "text"],
  ["outcome", "text"],
  ["reason", "text"],
  ["memberId", "integer"],
  ["memberCreated", "boolean"],
  ["subscribed", "boolean"],
  ["subscriptionNew", "boolean"],
  ["filled", "text"],
  ["memberWrittenAt", "timestamp"],
  ["membershipId", "integer"],
];

/** Each row's outcome (what undo reads back). */
export async function insertImportRows(tx: Tx, rows: ImportRowValues[]): Promise<void> {
  if (!rows.length) return;
  const values = rows.map((r) =>
    IMPORT_ROW_COLUMNS.map(([name]) => (name === "memberWrittenAt" ? jsonTimestamp(r.memberWrittenAt) : r[name])),
  );
  const names = Prisma.raw(IMPORT_ROW_COLUMNS.map(([name]) => `"${name}"`).join(", "));
  await tx.$executeRaw`INSERT INTO "ImportRow" (${names}) SELECT ${names} FROM (${jsonRows(IMPORT_ROW_COLUMNS, values)}) AS j`;
}
