"use client";
// The frame of a secret shown once (a new API key, a webhook's signing secret): it exists outside its hash or its
// encryption only now, so neither a click outside nor Escape closes the dialog; only saying it is stored does.
import { Modal } from "./modal";
import { buttonClass } from "./styles";

export function OneTimeSecretDialog({
  open,
  title,
  warning,
  storedLabel,
  onClose,
  testId,
  children,
}: {
  open: boolean;
  title: string;
  warning: string;
  storedLabel: string;
  onClose: () => void;
  testId: string;
  /** The values (SecretValue), shown while open. */
  children: React.ReactNode;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      dismissible={false}
      wide
      testId={testId}
      description={
        <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-3 font-medium text-amber-950">
          {warning}
        </p>
      }
    >
      {open && (
        <div className="space-y-4">
          {children}
          <div className="flex justify-end border-t border-slate-200 pt-4">
            <button type="button" className={buttonClass} onClick={onClose}>
              {storedLabel}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
