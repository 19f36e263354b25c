// The member a preference-page link names, and the person as the audit log records them: shared by the page's
// services (preferences.ts, preference-changes.ts, address-change.ts).
import "server-only";
import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { operatorCaller, type Caller } from "@/modules/access/services/caller";
import { liveMember } from "@/lib/live-records";
import { memberUuidOfPreferencesToken } from "./unsubscribe-links";

/** The member a valid token names, if it still exists; a forged, expired or erased one is 404 `invalid link`. */
export async function memberOf(uuid: string | null) {
  const member = uuid
    ? await db().member.findFirst({
        where: { uuid, ...liveMember },
        include: { organization: { select: { name: true } } },
      })
    : null;
  if (!member) throw new NotFound("invalid link");
  return member;
}

export const memberOfToken = (token: string) => memberOf(memberUuidOfPreferencesToken(token));

/** The person, through their own signed link: recorded in the audit log as such. */
export function selfCaller(uuid: string): Caller {
  return { ...operatorCaller(), actor: `member:${uuid}`, name: "The member (preference page)" };
}
