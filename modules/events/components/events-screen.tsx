"use client";
// /admin/events: choose an association in scope, see its events (times in each event's own zone, seats taken) and,
// with EVENT.U, create one. The chosen association is kept in the address.
import { useQuery } from "@tanstack/react-query";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import { eventsMessages } from "@/modules/events/texts/events";
import { queryKeys } from "@/lib/query-keys";
import { DataTable } from "@/components/admin/ui/data-table";
import { useLang } from "@/components/admin/i18n-context";
import { QueryState } from "@/components/admin/ui/query-state";
import { buttonClass } from "@/components/admin/ui/styles";
import { EventForm } from "./event-form";
import { type EventActions, type EventRow } from "./types";
import { formatWallClock } from "@/lib/i18n/formats";
import { Panel } from "@/components/admin/ui/page-parts";
import { CompanyPicker, useCompanyInAddress } from "@/components/admin/ui/company-options";

const column = createColumnHelper<EventRow>();
const NO_EVENTS: EventRow[] = [];

export function EventsScreen({
  companies,
  initialCompanyId,
  canWrite,
  actions,
}: {
  companies: { company_id: string; name: string }[];
  initialCompanyId: string;
  canWrite: boolean;
  actions: Pick<EventActions, "createEvent" | "updateEvent">;
}) {
  const lang = useLang();
  const t = eventsMessages(lang);
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const [companyId, choose] = useCompanyInAddress(initialCompanyId, () => setCreating(false));
  const events = useQuery({
    queryKey: queryKeys.events.ofCompany(companyId),
    queryFn: () => fetchJson<EventRow[]>(`/admin/api/events?company_id=${encodeURIComponent(companyId)}`),
    enabled: companyId !== "",
  });
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t.list.columns.name,
        cell: (info) => (
          <Link
            href={`/admin/events/${info.row.original.id}`}
            className="font-medium text-blue-800 underline hover:text-blue-950"
          >
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor("starts_at", {
        header: t.list.columns.starts,
        cell: (info) => <span className="whitespace-nowrap">{formatWallClock(lang, info.getValue())}</span>,
      }),
      column.accessor("ends_at", {
        header: t.list.columns.ends,
        cell: (info) => <span className="whitespace-nowrap">{formatWallClock(lang, info.getValue())}</span>,
      }),
      column.accessor((e) => e.location ?? t.common.none, { id: "location", header: t.list.columns.location }),
      column.accessor((e) => `${e.participant_count} / ${e.capacity ?? t.list.unlimited}`, {
        id: "participants",
        header: t.list.columns.participants,
      }),
    ],
    [t, lang],
  );
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: events.data ?? NO_EVENTS, columns, getCoreRowModel: getCoreRowModel() });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <CompanyPicker
          id="events-company"
          label={t.list.company}
          placeholder={t.list.chooseCompany}
          companies={companies}
          companyId={companyId}
          onChoose={choose}
          search={{ label: t.list.searchCompany, matching: t.list.matching }}
        />
        {canWrite && companyId && !creating && (
          <button type="button" className={buttonClass} onClick={() => setCreating(true)}>
            {t.list.newEvent}
          </button>
        )}
      </div>
      {creating && (
        <Panel id="new-event" title={t.form.newTitle} spacing="space-y-4">
          <EventForm
            event={null}
            companyId={companyId}
            actions={actions}
            onDone={(saved) => (saved ? router.push(`/admin/events/${saved.id}`) : setCreating(false))}
          />
        </Panel>
      )}
      {companyId && (
        <QueryState query={events}>
          {(events.data ?? NO_EVENTS).length === 0 ? (
            <p className="py-6 text-slate-700">{t.list.empty}</p>
          ) : (
            <DataTable table={table} label={t.list.caption} className="min-w-[44rem]" testId="events-table" />
          )}
        </QueryState>
      )}
    </div>
  );
}
