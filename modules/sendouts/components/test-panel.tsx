"use client";
// A test copy of the saved sendout to the signed-in staff member (or another address they type), with their own
// name in the merge fields; it is not part of the sendout's figures.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { TextField } from "@/components/ui/field";
import { ActionError, unwrap } from "@/lib/actions/result";
import type { SendoutComposeMessages } from "@/modules/sendouts/texts/sendout-compose";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { fill } from "@/lib/i18n/fill";
import { failureText } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { Panel } from "@/components/admin/ui/page-parts";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import type { SendoutActions } from "./types";

export function TestPanel({
  sendoutId,
  ownEmail,
  blockedBy,
  sendTest,
  t,
}: {
  sendoutId: number;
  ownEmail: string;
  /** Why a test cannot go now (unsaved changes), or null. */
  blockedBy: string | null;
  sendTest: SendoutActions["sendTest"];
  t: SendoutComposeMessages;
}) {
  const lang = useLang();
  const [email, setEmail] = useState(ownEmail);
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: () => unwrap(sendTest({ id: sendoutId, email: email.trim() })),
    onSuccess: () => {
      setError(undefined);
      toast.success(fill(t.test.sent, { email: email.trim() }));
    },
    onError: (failure) => {
      const key = failure instanceof ActionError ? failure.result.issueKeys.email?.[0] : undefined;
      setError(key ? fieldErrorText(lang, "email", key, undefined) : undefined);
      toast.error(failureText(t.common, failure));
    },
  });
  return (
    <Panel id="sendout-test" title={t.test.title} intro={t.test.intro}>
      <form
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate();
        }}
      >
        <TextField
          id="sendout-test-email"
          label={t.test.email}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          className="min-w-64 flex-1"
        />
        <button
          type="submit"
          className={secondaryButtonClass}
          disabled={send.isPending || blockedBy !== null}
          aria-describedby={blockedBy ? "sendout-test-blocked" : undefined}
        >
          {send.isPending ? t.test.sending : t.test.send}
        </button>
      </form>
      {blockedBy && (
        <p id="sendout-test-blocked" className="text-sm text-slate-700">
          {blockedBy}
        </p>
      )}
    </Panel>
  );
}
