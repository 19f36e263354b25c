// One button in its own plain form: a post to a server action with hidden fields, which works without JavaScript
// (Next renders the action's id into the form). The preference page is made of these.
import { secondaryButtonClass } from "./page-shell";

interface Props {
  action: (form: FormData) => Promise<void>;
  hidden: Record<string, string | number>;
  label: string;
  /** The accessible name, when the visible label alone is ambiguous (one "Unsubscribe" per list). */
  ariaLabel?: string;
  className?: string;
}

export function ActionButton({ action, hidden, label, ariaLabel, className = secondaryButtonClass }: Props) {
  return (
    <form action={action}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} aria-label={ariaLabel}>
        {label}
      </button>
    </form>
  );
}
