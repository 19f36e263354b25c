// The one form field of the hosted pages and the dashboard: a label, the control, an optional help line and the error,
// tied together for screen readers. The help line is `${id}-help`, the error `${id}-error`; the control gets
// aria-describedby naming those present and aria-invalid while there is an error. TextField, SelectField,
// TextAreaField and CheckboxField take the control's own props (spread react-hook-form's register() into them);
// Field gives the wiring to any other control (a Controller's select, a custom widget).
import type { ComponentProps, ReactNode } from "react";

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 " +
  "focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700 aria-[invalid=true]:border-red-700";

const checkboxClass = "h-5 w-5 shrink-0 accent-blue-800";

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** What to enter; shown under the control (above it with helpAbove). */
  help?: ReactNode;
  helpAbove?: boolean;
  /** The help line changes as the person types (a search's result count): announce it politely. */
  helpLive?: boolean;
  /** The problem, already in the reader's language. */
  error?: string;
  /** The smaller label of a dense row (a membership's fields). */
  dense?: boolean;
  /** Classes of the field's frame (grid spans, widths). */
  className?: string;
}

/** The attributes that tie a control to its label, help and error. */
interface FieldWiring {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

function fieldWiring(id: string, hasHelp: boolean, error: string | undefined): FieldWiring {
  const described = [hasHelp ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": described || undefined };
}

export function Field({
  id,
  label,
  help,
  helpAbove = false,
  helpLive = false,
  error,
  dense = false,
  className,
  children,
}: FieldProps & {
  children: (wiring: FieldWiring) => ReactNode;
}) {
  // A div, not a p: a help may be a list (the roles and what each may do).
  const helpLine = help !== undefined && (
    <div
      id={`${id}-help`}
      className={`${helpAbove ? "" : "mt-1 "}text-sm text-slate-700`}
      aria-live={helpLive ? "polite" : undefined}
    >
      {help}
    </div>
  );
  return (
    <div className={className}>
      <label htmlFor={id} className={`block font-medium${dense ? " text-sm" : ""}`}>
        {label}
      </label>
      {helpAbove && helpLine}
      {children(fieldWiring(id, help !== undefined, error))}
      {!helpAbove && helpLine}
      <FieldErrorLine id={id} error={error} />
    </div>
  );
}

/** The error line alone (`${id}-error`), for a group of controls (a fieldset) that names it itself. */
export function FieldErrorLine({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
      {error}
    </p>
  ) : null;
}

type FrameKeys = keyof FieldProps;
type Control<E extends "input" | "select" | "textarea"> = Omit<ComponentProps<E>, FrameKeys | "children"> & {
  /** Extra classes of the control itself (e.g. a monospace font). */
  controlClassName?: string;
};

function split<P extends FieldProps>({ id, label, help, helpAbove, helpLive, error, dense, className, ...control }: P) {
  return { frame: { id, label, help, helpAbove, helpLive, error, dense, className }, control };
}

export function TextField(props: FieldProps & Control<"input">) {
  const { frame, control } = split(props);
  const { controlClassName = "", type = "text", ...input } = control;
  return (
    <Field {...frame}>
      {(wiring) => <input type={type} {...input} {...wiring} className={`${inputClass} ${controlClassName}`} />}
    </Field>
  );
}

export function SelectField(props: FieldProps & Control<"select"> & { children: ReactNode }) {
  const { frame, control } = split(props);
  const { controlClassName = "", children, ...select } = control;
  return (
    <Field {...frame}>
      {(wiring) => (
        <select {...select} {...wiring} className={`${inputClass} ${controlClassName}`}>
          {children}
        </select>
      )}
    </Field>
  );
}

export function TextAreaField(props: FieldProps & Control<"textarea">) {
  const { frame, control } = split(props);
  const { controlClassName = "", ...textarea } = control;
  return (
    <Field {...frame}>
      {(wiring) => <textarea {...textarea} {...wiring} className={`${inputClass} ${controlClassName}`} />}
    </Field>
  );
}

/** A checkbox with its label (and an optional description line) after it; `className` is the label's layout, the box
 * looks alike everywhere. */
export function CheckboxField({
  label,
  description,
  className = "flex items-start gap-2",
  ...input
}: Omit<ComponentProps<"input">, "type"> & {
  label: ReactNode;
  description?: ReactNode;
}) {
  return (
    <label className={className}>
      <input type="checkbox" {...input} className={`${checkboxClass} mt-0.5`} />
      <span>
        {label}
        {description && <span className="block text-sm text-slate-700">{description}</span>}
      </span>
    </label>
  );
}

/** A search box: no browser suggestions, and its text handed to onSearch as typed. */
export function SearchField({
  onSearch,
  ...props
}: FieldProps & Omit<Control<"input">, "type" | "onChange"> & { onSearch: (text: string) => void }) {
  return <TextField type="search" autoComplete="off" {...props} onChange={(e) => onSearch(e.target.value)} />;
}
