"use client";
// A button that asks first (radix AlertDialog): revoking a key, deactivating a user, removing an event or a member.
import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { buttonClass, dangerButtonClass, secondaryButtonClass } from "./styles";

export function ConfirmButton({ label, ariaLabel, title, body, confirmLabel, cancelLabel, danger = false, disabled = false, describedBy, onConfirm }: {
  label: string;
  ariaLabel?: string;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  disabled?: boolean;
  describedBy?: string;
  /** Runs when confirmed; the dialog closes at once (the change shows optimistically, a failure as a toast). */
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <button
          type="button"
          className={`${danger ? dangerButtonClass : secondaryButtonClass} px-3 py-1.5`}
          aria-label={ariaLabel}
          aria-describedby={describedBy}
          disabled={disabled}
        >
          {label}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700">{body}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <button type="button" className={secondaryButtonClass}>
                {cancelLabel}
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className={danger ? dangerButtonClass : buttonClass} onClick={onConfirm}>
                {confirmLabel}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
