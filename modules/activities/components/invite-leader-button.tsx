"use client";
// One leader's invitation control: sends the invitation (or, for a leader with an account, a sign-in link) and says
// what went out. Mount it beside each leader of an activity (the activity page's leader list, the invitation panel).
import { useState } from "react";
import type { ActionResult } from "@/lib/actions/result";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import { useLang } from "@/components/admin/i18n-context";
import type { InviteLeaderInput } from "../schemas/leader";
import { leaderMessages } from "../texts/leader";

export type InviteLeaderAction = (
  input: InviteLeaderInput,
) => Promise<ActionResult<{ sent: "invitation" | "sign_in" }>>;

export function InviteLeaderButton({
  activityId,
  memberId,
  name,
  hasAccount,
  invite,
}: {
  activityId: number;
  memberId: number;
  name: string;
  hasAccount: boolean;
  invite: InviteLeaderAction;
}) {
  const t = leaderMessages(useLang()).invite;
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        disabled={busy}
        className={secondaryButtonClass}
        onClick={async () => {
          setBusy(true);
          setOutcome(null);
          const result = await invite({ activity_id: activityId, member_id: memberId }).catch(() => null);
          setBusy(false);
          if (result?.ok) {
            setOutcome({ ok: true, text: result.data.sent === "invitation" ? t.invited(name) : t.signInSent(name) });
          } else {
            const reason = result && !result.ok ? Object.values(result.fieldErrors).flat()[0] : undefined;
            setOutcome({ ok: false, text: reason ? `${t.failed} (${reason})` : t.failed });
          }
        }}
      >
        {busy ? t.sending : hasAccount ? t.resend : t.invite}
      </button>
      {outcome && (
        <span role={outcome.ok ? "status" : "alert"} className={outcome.ok ? "text-green-800" : "text-red-800"}>
          {outcome.text}
        </span>
      )}
    </div>
  );
}
