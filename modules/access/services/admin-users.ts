// Dashboard users. Passwords are hashed with argon2id. Only the operator and ADMIN users manage them, never granting
// more than they have, and never over users whose access reaches beyond their own.
import "server-only";
import type { z } from "zod";
import { hash, verify } from "@node-rs/argon2";
import { db, isUniqueViolation, type Prisma } from "@/lib/db";
import { Forbidden, NotFound, ValidationFailed } from "@/lib/errors";
import {
  LEADER_ROLE,
  type AdminUserRow,
  type CreateAdminUserInput,
  type UpdateAdminUserInput,
} from "../schemas/access";
import { normalizeEmail } from "@/lib/validation/email";
import { requireAdminRole } from "./access-checks";
import {
  accessGroupValues,
  assertGrantWithinCaller,
  checkAccessGroupInput,
  createAccessGroup,
  groupWithinCaller,
} from "./access-groups";
import { endAdminSessionsOf } from "./admin-sessions";
import { adminUserCaller, type Caller } from "./caller";
import { companyIdsInScope } from "@/modules/companies/services/tree";
import { recordAudit } from "@/modules/audit/services/audit";

const userInclude = { accessGroup: { include: { companies: true } } } as const;
type AdminUserWithGroup = Prisma.AdminUserGetPayload<{ include: typeof userInclude }>;

function userView(user: AdminUserWithGroup): z.output<typeof AdminUserRow> {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    active: user.disabledAt === null,
    two_factor: user.totpEnabledAt !== null,
    access: accessGroupValues(user.accessGroup),
    created_at: user.createdAt.toISOString(),
  };
}

const EMAIL_TAKEN = { email: ["an admin user with that email exists"] };

/**
 * Addresses are unique across the service (they sign in), so a taken one is refused, and the refusal shows that it
 * is taken whoever holds it: an answer that pretended otherwise would show on the caller's list or at sign-in. So the
 * answer is the same whatever the other account's rights and says nothing of it, and it comes only after the grant
 * was found within the caller's. An account beyond the caller's rights is not on its list: such an attempt is recorded
 * under that account's company, where those whose rights cover it (and all-scope callers) see who probed for it.
 */
async function refuseTakenEmail(caller: Caller, email: string): Promise<void> {
  const user = await db().adminUser.findUnique({ where: { email }, include: userInclude });
  if (!user) return;
  if (!groupWithinCaller(caller, user.accessGroup, await companyIdsInScope(caller))) {
    const companyId = user.accessGroup.companies[0]?.companyId ?? null;
    await db().$transaction((tx) =>
      recordAudit(tx, caller, {
        action: "admin_user.create_refused",
        objectType: "admin_user",
        objectId: user.id,
        companyId,
        summary: `${email}: in use beyond the actor's rights`,
      }),
    );
  }
  throw new ValidationFailed(EMAIL_TAKEN);
}

export async function createAdminUser(caller: Caller, input: CreateAdminUserInput) {
  requireAdminRole(caller);
  await checkAccessGroupInput(input.access);
  await assertGrantWithinCaller(caller, input.access);
  const email = normalizeEmail(input.email);
  await refuseTakenEmail(caller, email);
  const passwordHash = await hash(input.password);
  try {
    const user = await db().$transaction(async (tx) => {
      const group = await createAccessGroup(`admin ${email}`, input.access, tx);
      const created = await tx.adminUser.create({
        data: { email, name: input.name, passwordHash, role: input.role, accessGroupId: group.id },
        include: userInclude,
      });
      await recordAudit(tx, caller, {
        action: "admin_user.create",
        objectType: "admin_user",
        objectId: created.id,
        companyId: input.access.company_ids?.[0] ?? null,
        summary: `${email} (${input.role})`,
      });
      return created;
    });
    return userView(user);
  } catch (error) {
    // Taken between refuseTakenEmail and the insert.
    if (isUniqueViolation(error)) throw new ValidationFailed(EMAIL_TAKEN);
    throw error;
  }
}

export async function listAdminUsers(caller: Caller) {
  requireAdminRole(caller);
  const ids = await companyIdsInScope(caller);
  const users = await db().adminUser.findMany({ orderBy: { email: "asc" }, include: userInclude });
  return users.filter((u) => groupWithinCaller(caller, u.accessGroup, ids)).map(userView);
}

/** Role, access and active state. Nobody changes their own role or deactivates themselves (no lock-out by mistake). */
export async function updateAdminUser(caller: Caller, input: UpdateAdminUserInput) {
  requireAdminRole(caller);
  const user = await db().adminUser.findUnique({ where: { id: input.id }, include: userInclude });
  if (!user || !groupWithinCaller(caller, user.accessGroup, await companyIdsInScope(caller)))
    throw new NotFound("admin user not found");
  if (caller.userId === user.id && (input.role !== undefined || input.active === false || input.access !== undefined)) {
    throw new Forbidden("you cannot change your own role, access or active state");
  }
  // What a LEADER reaches follows from the activities its member leads (caller.ts), not from a role or a group: it is
  // only activated or deactivated here, and staff who should reach more get a staff account of their own.
  if (user.role === LEADER_ROLE && (input.role !== undefined || input.access !== undefined)) {
    throw new ValidationFailed({ role: ["a leader's account is only activated or deactivated"] });
  }
  if (input.access) {
    await checkAccessGroupInput(input.access);
    await assertGrantWithinCaller(caller, input.access);
  }
  const updated = await db().$transaction(async (tx) => {
    const data: Prisma.AdminUserUncheckedUpdateInput = {};
    if (input.role) data.role = input.role;
    if (input.active !== undefined) data.disabledAt = input.active ? null : new Date();
    if (input.access) data.accessGroupId = (await createAccessGroup(`admin ${user.email}`, input.access, tx)).id;
    const changed = await tx.adminUser.update({ where: { id: user.id }, data, include: userInclude });
    // Reactivating the user later must not bring back a session it had, perhaps stolen, when it was deactivated.
    if (input.active === false) await endAdminSessionsOf(tx, user.id);
    const what = [
      input.role && `role ${input.role}`,
      input.active !== undefined && (input.active ? "activated" : "deactivated"),
      input.access && "access changed",
    ].filter(Boolean);
    await recordAudit(tx, caller, {
      action: "admin_user.update",
      objectType: "admin_user",
      objectId: user.id,
      companyId: user.accessGroup.companies[0]?.companyId ?? null,
      summary: `${user.email}: ${what.join(", ")}`,
    });
    return changed;
  });
  return userView(updated);
}

// Verified against when the email is unknown, so unknown and known emails cost the same.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$3n6GvVtp9cA9wWJ7sW1S9Y8m7Cz5W0V7kq0hQ1l2n9o";

/** The active admin user with that email and password, or null; `twoFactor`: a second factor is needed too. */
export async function verifyAdminPassword(email: string, password: string) {
  const user = await db().adminUser.findUnique({ where: { email: normalizeEmail(email) } });
  const ok = await verify(user?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
  if (!user || !ok || user.disabledAt) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role, twoFactor: user.totpEnabledAt !== null };
}

/** The caller behind a dashboard session, read fresh on every request: a deactivated user stops at once. */
export async function callerForAdminUser(userId: number): Promise<Caller | null> {
  const user = await db().adminUser.findUnique({ where: { id: userId }, include: userInclude });
  if (!user || user.disabledAt) return null;
  return adminUserCaller(user, user.accessGroup);
}
