"use client";
// One button that confirms an unsubscribe or opt-out; works as a plain form post without JavaScript.
import { useActionState } from "react";
import type { UnsubscribeState } from "./form-states";
import type { Messages } from "@/modules/lists/texts/public-pages";
import { buttonClass } from "./page-shell";
import { ProblemAlert } from "../ui/problem-alert";

interface Props {
  action: (previous: UnsubscribeState, form: FormData) => Promise<UnsubscribeState>;
  hidden: Record<string, string>;
  button: string;
  done: { title: string; body: string };
  /** What "unavailable" means here (the list is full at a confirmation). */
  unavailable?: string;
  /** Shown under the done panel (an undo, a link onwards). */
  afterDone?: React.ReactNode;
  t: Messages;
}

export function ConfirmForm({ action, hidden, button, done, unavailable, afterDone, t }: Props) {
  const [state, formAction, pending] = useActionState<UnsubscribeState, FormData>(action, { status: "idle" });
  if (state.status === "done" || state.status === "invalidLink") {
    const text = state.status === "done" ? done : { title: t.invalidLinkTitle, body: t.invalidLinkBody };
    return (
      <>
        <div role="status" aria-live="polite" className="rounded-md border border-slate-300 bg-slate-50 p-4">
          <h2 className="text-lg font-semibold">{text.title}</h2>
          <p className="mt-1">{text.body}</p>
        </div>
        {state.status === "done" && afterDone}
      </>
    );
  }
  return (
    <form action={formAction} className="space-y-3">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {state.status === "tooManyRequests" && (
        <ProblemAlert>{t.tooManyRequests}</ProblemAlert>
      )}
      {state.status === "unavailable" && <ProblemAlert>{unavailable ?? t.unexpected}</ProblemAlert>}
      <button type="submit" className={buttonClass} disabled={pending}>
        {button}
      </button>
    </form>
  );
}
