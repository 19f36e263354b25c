// Dashboard sessions on the server (docs/dashboard.md "Admin dashboard"). The session cookie is a JWT that next-auth renews on
// every read, so on its own it could not be ended before it expires and a stolen one would live on for as long as it
// is used. Each carries the id of a row here instead, which sign-out and deactivating the user delete, and which ends
// at a fixed time after sign-in whatever the renewals.
import "server-only";
import crypto from "node:crypto";
import { db, type Tx } from "@/lib/db";
import { env } from "@/lib/env";

/** Records a new session of the user and returns its id; drops the user's sessions that ended meanwhile. */
export async function startAdminSession(adminUserId: number): Promise<string> {
  const now = new Date();
  const id = crypto.randomUUID();
  await db().$transaction([
    db().adminSession.deleteMany({ where: { adminUserId, expiresAt: { lte: now } } }),
    db().adminSession.create({
      data: {
        id,
        adminUserId,
        expiresAt: new Date(now.getTime() + env().ADMIN_SESSION_ABSOLUTE_MAX_AGE_SECONDS * 1000),
      },
    }),
  ]);
  return id;
}

/** Whether the session still stands: not ended and not past its lifetime. One lookup by primary key. */
export async function adminSessionLive(id: string, adminUserId: number): Promise<boolean> {
  const session = await db().adminSession.findUnique({ where: { id }, select: { adminUserId: true, expiresAt: true } });
  return session !== null && session.adminUserId === adminUserId && session.expiresAt > new Date();
}

export async function endAdminSession(id: string): Promise<void> {
  await db().adminSession.deleteMany({ where: { id } });
}

/** Ends every session of the user, in the caller's transaction (it was deactivated). */
export async function endAdminSessionsOf(tx: Tx, adminUserId: number): Promise<void> {
  await tx.adminSession.deleteMany({ where: { adminUserId } });
}
