// Families: a member's guardians (other members of the same organization, with their relation) and the guardians'
// consents to the processing of a child's data. A child under 13 is reached only through its guardians, from 13 to
// 17 with them in copy (contacts.ts); the consent is what the hosted sign-up records, with its time and source.
import "server-only";
import { db, type Tx } from "@/lib/db";
import { ValidationFailed } from "@/lib/errors";
import { liveMember } from "@/lib/live-records";
import { requireModule, requirePermission } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { recordAudit } from "@/modules/audit/services/audit";
import { memberInScope } from "@/modules/members/services/members";
import type { z } from "zod";
import type { GuardianView } from "../schemas/families";

/** Where a guardian's consent was given. */
export type ConsentSource = "hosted_signup" | "dashboard" | "api";

type GuardianView = z.output<typeof GuardianView>;

/** Links `guardianId` as a guardian of `childId` (kept as it is when already linked); inside the caller's transaction. */
export async function linkGuardian(tx: Tx, childId: number, guardianId: number, relation: string): Promise<void> {
  await tx.memberGuardian.upsert({
    where: { childId_guardianId: { childId, guardianId } },
    create: { childId, guardianId, relation },
    update: {},
  });
}

/** A guardian's consent for a child, given now; inside the caller's transaction. */
export async function recordGuardianConsent(
  tx: Tx,
  consent: { guardianId: number; childId: number; consentKey: string; source: ConsentSource },
  now: Date,
): Promise<void> {
  await tx.guardianConsent.create({ data: { ...consent, givenAt: now } });
}

/** A child of this guardian with these names and birthdate: the same child signed up again, never a namesake. */
export async function wardNamed(
  tx: Tx,
  guardianId: number,
  child: { firstname: string; lastname: string; birthdate: string },
): Promise<number | null> {
  const wards = await tx.memberGuardian.findMany({
    where: { guardianId, child: { ...liveMember, birthdate: child.birthdate } },
    select: { child: { select: { id: true, firstname: true, lastname: true } } },
  });
  const fold = (text: string | null) => (text ?? "").trim().toLocaleLowerCase("sv");
  const same = wards.find(
    (w) => fold(w.child.firstname) === fold(child.firstname) && fold(w.child.lastname) === fold(child.lastname),
  );
  return same?.child.id ?? null;
}

/** A member's guardians with their consents (the member module's read). */
export async function listGuardians(caller: Caller, childId: number): Promise<GuardianView[]> {
  requireModule(caller, "member");
  await memberInScope(caller, childId);
  const links = await db().memberGuardian.findMany({
    where: { childId, guardian: liveMember },
    orderBy: { createdAt: "asc" },
    include: {
      guardian: {
        select: {
          id: true,
          firstname: true,
          lastname: true,
          email: true,
          phone: true,
          guardianConsents: { where: { childId }, orderBy: { givenAt: "asc" } },
        },
      },
    },
  });
  return links.map(({ guardian, relation }) => ({
    guardian_id: guardian.id,
    firstname: guardian.firstname,
    lastname: guardian.lastname,
    email: guardian.email,
    phone: guardian.phone,
    relation,
    consents: guardian.guardianConsents.map((c) => ({
      consent_key: c.consentKey,
      given_at: c.givenAt.toISOString(),
      source: c.source as ConsentSource,
      withdrawn_at: c.withdrawnAt?.toISOString() ?? null,
    })),
  }));
}

/** Makes `guardianId` a guardian of `childId`: both in the caller's scope and of one organization. */
export async function addGuardian(caller: Caller, childId: number, guardianId: number, relation: string) {
  requireModule(caller, "member");
  requirePermission(caller, "MEMBER.U");
  const child = await memberInScope(caller, childId);
  const guardian = await memberInScope(caller, guardianId);
  if (childId === guardianId) throw new ValidationFailed({ guardian_id: ["must be another member"] });
  if (child.organizationId !== guardian.organizationId)
    throw new ValidationFailed({ guardian_id: ["must be a member of the same organization"] });
  const text = relation.trim().slice(0, 60);
  if (!text) throw new ValidationFailed({ relation: ["required"] });
  await db().$transaction(async (tx) => {
    await linkGuardian(tx, childId, guardianId, text);
    await recordAudit(tx, caller, {
      action: "member.guardian_add",
      objectType: "member",
      objectId: childId,
      companyId: child.organizationId,
      summary: `guardian member ${guardianId} (${text})`,
    });
  });
  return listGuardians(caller, childId);
}

/** The link ends; the consents given through it stay as the record of what was agreed to, marked withdrawn. */
export async function removeGuardian(caller: Caller, childId: number, guardianId: number) {
  requireModule(caller, "member");
  requirePermission(caller, "MEMBER.U");
  const child = await memberInScope(caller, childId);
  await db().$transaction(async (tx) => {
    const removed = await tx.memberGuardian.deleteMany({ where: { childId, guardianId } });
    if (removed.count === 0) return;
    await tx.guardianConsent.updateMany({
      where: { childId, guardianId, withdrawnAt: null },
      data: { withdrawnAt: new Date() },
    });
    await recordAudit(tx, caller, {
      action: "member.guardian_remove",
      objectType: "member",
      objectId: childId,
      companyId: child.organizationId,
      summary: `guardian member ${guardianId}`,
    });
  });
  return listGuardians(caller, childId);
}
