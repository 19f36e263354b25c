// Dashboard users. Passwords are hashed with argon2id.
import { hash, verify } from "@node-rs/argon2";
import { db, isUniqueViolation } from "../db";
import { Conflict, ValidationFailed } from "../errors";
import { checkAccessGroupInput, createAccessGroup, type AccessGroupInput } from "./access";

export const ADMIN_ROLES = ["ADMIN", "EDITOR", "VIEWER"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function createAdminUser(input: {
  email: string;
  name: string;
  password: string;
  role: AdminRole;
  access: AccessGroupInput;
}) {
  if (input.password.length < 12) throw new ValidationFailed({ password: ["must be at least 12 characters"] });
  const email = normalizeEmail(input.email);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new ValidationFailed({ email: ["must be a valid email address"] });
  await checkAccessGroupInput(input.access);
  const passwordHash = await hash(input.password);
  try {
    return await db().$transaction(async (tx) => {
      const group = await createAccessGroup(input.access, tx);
      return tx.adminUser.create({
        data: { email, name: input.name, passwordHash, role: input.role, accessGroupId: group.id },
        select: { id: true, email: true, name: true, role: true, accessGroupId: true },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict("an admin user with that email exists");
    throw error;
  }
}

// Verified against when the email is unknown, so unknown and known emails cost the same.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$3n6GvVtp9cA9wWJ7sW1S9Y8m7Cz5W0V7kq0hQ1l2n9o";

/** The active admin user with that email and password, or null. */
export async function verifyAdminPassword(email: string, password: string) {
  const user = await db().adminUser.findUnique({ where: { email: normalizeEmail(email) } });
  const ok = await verify(user?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
  if (!user || !ok || user.disabledAt) return null;
  return user;
}
