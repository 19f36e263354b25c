"use client";
// A question asked before a change that the screen started itself (not from a button of its own): turning a list's
// form off from its switch or its checkbox. A radix AlertDialog without a trigger: focus goes back to `returnFocus`.
import { AlertDialog } from "radix-ui";
import { dangerButtonClass, secondaryButtonClass } from "../ui/styles";

export function ConfirmDialog({ open, title, body, confirmLabel, cancelLabel, onConfirm, onCancel, returnFocus }: {
  open: boolean;
  title: string;
  body: React.ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The element that opened it: focus returns there when it closes. */
  returnFocus?: () => HTMLElement | null;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content
          onCloseAutoFocus={(e) => {
            const target = returnFocus?.();
            if (target) {
              e.preventDefault();
              target.focus();
            }
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-slate-700">{body}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <button type="button" className={secondaryButtonClass}>
                {cancelLabel}
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className={dangerButtonClass} onClick={onConfirm}>
                {confirmLabel}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
