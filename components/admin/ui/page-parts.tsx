// Small pieces every dashboard page uses: the link back to the area's list, the note shown to staff whose access
// does not include the area, the panel every section sits in, and the read-only banner.
import Link from "next/link";
import { buttonClass } from "./styles";

function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <p className="mb-2 text-sm">
      <Link href={href} className="text-blue-800 underline hover:text-blue-950">
        <span aria-hidden="true">← </span>
        {label}
      </Link>
    </p>
  );
}

/** A page's heading: the way back to its area, the title, the intro (with the page's main action beside it) and,
 * for staff who may only read, the read-only banner. */
export function PageTitle({
  title,
  intro,
  action,
  back,
  readOnlyText,
}: {
  title: string;
  intro?: React.ReactNode;
  /** The page's main action, a button beside the intro ("New API key"). */
  action?: { label: string; onClick: () => void };
  back?: { href: string; label: string };
  readOnlyText?: string;
}) {
  return (
    <>
      {back && <BackLink href={back.href} label={back.label} />}
      <h1 className={`${intro ? "mb-2" : "mb-6"} text-2xl font-semibold`}>{title}</h1>
      {intro && (
        <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
          <p className="max-w-3xl text-slate-700">{intro}</p>
          {action && (
            <button type="button" className={buttonClass} onClick={action.onClick}>
              {action.label}
            </button>
          )}
        </div>
      )}
      {readOnlyText && <ReadOnlyBanner text={readOnlyText} />}
    </>
  );
}

export function NoAccess({ title, text, testId }: { title: string; text: string; testId?: string }) {
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{title}</h1>
      <p
        role="alert"
        data-testid={testId}
        className="rounded-md border border-amber-700 bg-amber-50 p-4 text-amber-950"
      >
        {text}
      </p>
    </>
  );
}

/** A white panel with its heading, named by it for screen readers (`${id}-heading`), and an optional intro line.
 * `spacing` is the gap between its parts ("" leaves it to them); `danger` marks an irreversible action's panel. */
export function Panel({
  id,
  title,
  intro,
  spacing = "space-y-3",
  danger = false,
  children,
}: {
  id: string;
  title: string;
  intro?: React.ReactNode;
  spacing?: string;
  danger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section
      className={`${spacing} rounded-lg border ${danger ? "border-red-300" : "border-slate-200"} bg-white p-4`}
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} className={`text-lg font-semibold${danger ? " text-red-900" : ""}`}>
        {title}
      </h2>
      {intro && <p className={`${spacing ? "" : "mt-1 "}text-sm text-slate-700`}>{intro}</p>}
      {children}
    </section>
  );
}

/** What a VIEWER (or anyone without the write permission) sees above an object: nothing here changes it. */
export function ReadOnlyBanner({ text }: { text: string }) {
  return (
    <p
      role="note"
      className="mb-6 rounded-md border border-slate-400 bg-slate-100 p-3 text-slate-900"
      data-testid="read-only"
    >
      {text}
    </p>
  );
}
