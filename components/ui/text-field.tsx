// A labelled text input with its error message wired for screen readers (aria-invalid, aria-describedby); used by the
// hosted forms and the dashboard alike.
import type { UseFormRegisterReturn } from "react-hook-form";

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 " +
  "focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700 aria-[invalid=true]:border-red-700";

interface Props {
  id: string;
  label: React.ReactNode;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  error?: string;
  defaultValue?: string;
  registration: UseFormRegisterReturn;
}

export function TextField({ id, label, type = "text", autoComplete, required, error, defaultValue, registration }: Props) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        defaultValue={defaultValue}
        className={inputClass}
        {...registration}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** A label, a control, an optional help line and the error, tied by ids: `${id}-help` and `${id}-error`. */
export function FieldFrame({ id, label, help, error, children }: { id: string; label: React.ReactNode; help?: string; error?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {children}
      {help && (
        <p id={`${id}-help`} className="mt-1 text-sm text-slate-700">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
