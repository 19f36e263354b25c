"use client";
// A question asked before a change that the screen started itself (not from a button of its own): turning a list's
// form off from its switch or its checkbox. A radix AlertDialog without a trigger: focus goes back to `returnFocus`.
import { AlertDialog } from "radix-ui";
import { ConfirmDialogFrame } from "@/components/admin/ui/confirm-button";
import { dangerButtonClass } from "@/components/admin/ui/styles";

export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  returnFocus,
}: {
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
      <ConfirmDialogFrame
        title={title}
        body={body}
        cancelLabel={cancelLabel}
        onCloseAutoFocus={(e) => {
          const target = returnFocus?.();
          if (target) {
            e.preventDefault();
            target.focus();
          }
        }}
        confirm={
          <AlertDialog.Action asChild>
            <button type="button" className={dangerButtonClass} onClick={onConfirm}>
              {confirmLabel}
            </button>
          </AlertDialog.Action>
        }
      />
    </AlertDialog.Root>
  );
}
