// A sendout's status in words, coloured by what it means: still being written, under way, ended.
import type { SendoutsMessages } from "@/modules/sendouts/texts/sendouts";

/** While a sendout is sending, its figures are read again this often (the list and the sendout's page). */
export const REFRESH_WHILE_SENDING_MS = 3_000;

const COLOURS: Record<string, string> = {
  DRAFT: "border-slate-400 bg-slate-100 text-slate-900",
  SCHEDULED: "border-blue-700 bg-blue-50 text-blue-950",
  SENDING: "border-blue-700 bg-blue-50 text-blue-950",
  PAUSED: "border-amber-700 bg-amber-50 text-amber-950",
  SENT: "border-green-700 bg-green-50 text-green-950",
  CANCELLED: "border-red-700 bg-red-50 text-red-950",
};

export function StatusBadge({ status, t }: { status: string; t: SendoutsMessages }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded border px-2 py-0.5 text-sm font-medium ${COLOURS[status] ?? COLOURS.DRAFT}`}
      data-status={status}
    >
      {t.status[status] ?? status}
    </span>
  );
}
