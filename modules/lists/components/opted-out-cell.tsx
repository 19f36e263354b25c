"use client";
// The subscribers table's action for someone who opted out themselves: no re-subscribe (their consent is theirs to
// give again), a sentence saying why, and a button that mails them a confirmation link instead.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { unwrap } from "@/lib/actions/result";
import { fill } from "@/lib/i18n/fill";
import { listConsentMessages } from "@/modules/lists/texts/list-consent";
import { listsMessages } from "@/modules/lists/texts/lists";
import { queryKeys } from "@/lib/query-keys";
import type { Lang } from "@/lib/i18n/lang";
import { failureText } from "@/components/admin/action-errors";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import type { ListActions } from "./types";

type Ask = (vars: { member_id: number; email: string }) => void;

/** The mutation behind the button, made once per table (the cells only call it). */
export function useAskToConfirm(
  listId: number,
  lang: Lang,
  requestConfirmation: ListActions["requestConfirmation"],
): Ask {
  const queryClient = useQueryClient();
  const tc = listConsentMessages(lang);
  return useMutation({
    mutationFn: (vars: { member_id: number; email: string }) =>
      unwrap(requestConfirmation({ id: listId, member_id: vars.member_id })),
    onError: (error) => toast.error(failureText(listsMessages(lang).common, error)),
    onSuccess: (result, vars) =>
      toast.success(
        fill(result.confirmation_sent ? tc.confirmationSent : tc.confirmationThrottled, { email: vars.email }),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.lists.allSubscribers(listId) }),
  }).mutate;
}

export function OptedOutCell({
  memberId,
  email,
  lang,
  ask,
}: {
  memberId: number;
  email: string | null;
  lang: Lang;
  ask: Ask;
}) {
  const tc = listConsentMessages(lang);
  return (
    <div className="min-w-56 space-y-1">
      <p className="text-sm text-slate-700">{tc.optedOut}</p>
      {email && (
        <button
          type="button"
          className={`${secondaryButtonClass} whitespace-nowrap px-3 py-1`}
          aria-label={fill(tc.sendConfirmationLabel, { email })}
          onClick={() => ask({ member_id: memberId, email })}
        >
          {tc.sendConfirmation}
        </button>
      )}
    </div>
  );
}
