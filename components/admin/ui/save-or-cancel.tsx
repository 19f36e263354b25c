// The end of a dashboard form: its submit button (which says so while the save runs) and a way back without saving.
import { buttonClass, secondaryButtonClass } from "./styles";

export function SaveOrCancel({
  pending,
  label,
  pendingLabel,
  cancelLabel,
  onCancel,
  className = "flex flex-wrap gap-3 md:col-span-2",
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  cancelLabel: string;
  onCancel: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <button type="submit" className={buttonClass} disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
      <button type="button" className={secondaryButtonClass} onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  );
}
