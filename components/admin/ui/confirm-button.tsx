"use client";
// A button that asks first (radix AlertDialog): revoking a key, deactivating a user, removing an event or a member,
// activating a grant, deleting a list.
import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { buttonClass, dangerButtonClass, secondaryButtonClass } from "./styles";

type ConfirmButtonProps = Parameters<typeof ConfirmButton>[0];

export function ConfirmButton({
  label,
  ariaLabel,
  title,
  body,
  confirmLabel,
  cancelLabel,
  danger = false,
  compact = true,
  disabled = false,
  describedBy,
  onConfirm,
  pending,
  confirmDisabled = false,
  open: controlledOpen,
  onOpenChange,
}: {
  label: string;
  ariaLabel?: string;
  title: string;
  body: React.ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  /** The smaller button of a table row (the default); false for a panel's own action. */
  compact?: boolean;
  disabled?: boolean;
  describedBy?: string;
  /** Runs when confirmed. Without `pending` the dialog closes at once (the change shows optimistically, a failure as
   * a toast); with it the dialog stays open, its button busy, until the caller closes it when the answer came. */
  onConfirm: () => void;
  pending?: boolean;
  confirmDisabled?: boolean;
  /** Given when the caller must know the dialog is open (to load what it shows) or close it itself. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const confirm = (
    <button
      type="button"
      className={danger ? dangerButtonClass : buttonClass}
      onClick={onConfirm}
      disabled={pending || confirmDisabled}
    >
      {confirmLabel}
    </button>
  );
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <button
          type="button"
          className={`${danger ? dangerButtonClass : secondaryButtonClass}${compact ? " px-3 py-1.5" : ""}`}
          aria-label={ariaLabel}
          aria-describedby={describedBy}
          disabled={disabled || pending}
        >
          {label}
        </button>
      </AlertDialog.Trigger>
      {/* Waiting for the answer: not AlertDialog.Action, which would close the dialog at once. */}
      <ConfirmDialogFrame
        title={title}
        body={body}
        cancelLabel={cancelLabel}
        confirm={pending === undefined ? <AlertDialog.Action asChild>{confirm}</AlertDialog.Action> : confirm}
      />
    </AlertDialog.Root>
  );
}

/**
 * The question itself, inside an AlertDialog.Root: the title, what the change does, Cancel and the confirming button.
 * `onCloseAutoFocus` for a dialog without a trigger of its own (focus goes back where the caller says).
 */
export function ConfirmDialogFrame({
  title,
  body,
  cancelLabel,
  confirm,
  onCloseAutoFocus,
}: {
  title: string;
  body: React.ReactNode;
  cancelLabel: string;
  confirm: React.ReactNode;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <AlertDialog.Portal>
      <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
      <AlertDialog.Content
        onCloseAutoFocus={onCloseAutoFocus}
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
          {confirm}
        </div>
      </AlertDialog.Content>
    </AlertDialog.Portal>
  );
}

/** An object page's two actions: change it (opens its form) and remove it (asks first). */
export function EditAndRemove({
  editLabel,
  onEdit,
  remove,
}: {
  editLabel: string;
  onEdit: () => void;
  remove: Omit<ConfirmButtonProps, "danger">;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="button" className={secondaryButtonClass} onClick={onEdit}>
        {editLabel}
      </button>
      <ConfirmButton danger {...remove} />
    </div>
  );
}
