// The cancel link of a confirmed hosted sign-up (in the confirmation message to the guardian): its page shows whom
// and what it is about and changes nothing; its button makes the child LEFT, and the freed place goes to the first
// on the waitlist (participants.ts). Pressing it again changes nothing more.
import "server-only";
import { db } from "@/lib/db";
import { sha256Hex } from "@/lib/crypto";
import { liveCompany } from "@/lib/live-records";
import { leaveInTransaction } from "./participants";
import { hostedSignupCaller, signedUpChild } from "./signup";

async function signupOfCancelToken(token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const signup = await db().activitySignup.findFirst({
    where: { cancelTokenHash: sha256Hex(token), activity: { company: liveCompany } },
    include: { activity: { select: { id: true, name: true, companyId: true } } },
  });
  return signup?.participantMemberId && signup.guardianMemberId ? signup : null;
}

export type CancelPageState =
  { state: "invalid" } | { state: "pending" | "cancelled"; activity: string; child: string };

/** GET /activities/cancel/<token>: what the button would cancel. Looking changes nothing. */
export async function signupCancelPage(token: string): Promise<CancelPageState> {
  const signup = await signupOfCancelToken(token);
  if (!signup) return { state: "invalid" };
  return {
    state: signup.cancelledAt ? "cancelled" : "pending",
    activity: signup.activity.name,
    child: await signedUpChild(signup),
  };
}

/** The cancel page's button: the child leaves the activity; "cancelled" also when it had been pressed before. */
export async function cancelSignup(token: string, now = new Date()): Promise<"invalid" | "cancelled"> {
  const signup = await signupOfCancelToken(token);
  if (!signup) return "invalid";
  if (signup.cancelledAt) return "cancelled";
  const guardian = await db().member.findUnique({ where: { id: signup.guardianMemberId! }, select: { uuid: true } });
  await db().$transaction(async (tx) => {
    const claimed = await tx.activitySignup.updateMany({
      where: { id: signup.id, cancelledAt: null },
      data: { cancelledAt: now },
    });
    if (claimed.count === 0) return;
    const caller = hostedSignupCaller(guardian?.uuid ?? "erased");
    await leaveInTransaction(tx, caller, signup.activity, signup.participantMemberId!);
  });
  return "cancelled";
}
