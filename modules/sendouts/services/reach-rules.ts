// The rules of who a sendout reaches, as SQL fragments over a member (alias m): the lists' subscribers, and those left
// out for having opted out of everything or for a suppressed address. Shared by the lists' and the activities' reach.
import "server-only";
import { Prisma } from "@/lib/db";

/** Subscriptions (alias sub) of reachable people (alias m) on the lists: the rows both queries start from. */
export function subscribedPeople(listIds: number[]): Prisma.Sql {
  return Prisma.sql`
    FROM "Subscription" sub
    JOIN "Member" m ON m."id" = sub."memberId"
    WHERE sub."listId" IN (${Prisma.join(listIds)})
      AND sub."status" = 'SUBSCRIBED'
      AND m."erasedAt" IS NULL
      AND m."email" IS NOT NULL AND m."email" <> ''`;
}

export const optedOut = Prisma.sql`m."globalOptOutAt" IS NOT NULL`;

/** The address `email` (the member's own unless given) is suppressed in the member's organization. */
export function suppressedAddress(email: Prisma.Sql = Prisma.sql`m."email"`): Prisma.Sql {
  return Prisma.sql`EXISTS (
  SELECT 1 FROM "Suppression" x
  WHERE x."organizationId" = m."organizationId" AND x."email" = ${email}
    AND x."suppressedAt" IS NOT NULL AND x."liftedAt" IS NULL)`;
}

export const suppressed = suppressedAddress();
