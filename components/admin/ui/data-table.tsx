"use client";
// Every dashboard table: a TanStack Table instance rendered in a frame that scrolls sideways when the table is wider
// than the screen (focusable and labelled, so keyboards can scroll it), with sortable headers where the columns allow.
import { flexRender, type Row, type Table } from "@tanstack/react-table";
import { tableClass, tdClass, thClass } from "./styles";

interface Props<T> {
  table: Table<T>;
  /** Names the table and its scroll frame for screen readers. */
  label: string;
  /** The title of a column's sort button, e.g. "Sortera efter Namn"; without it no header is a button. */
  sortTitle?: (column: string) => string;
  /** Extra classes on the table, e.g. a minimum width that makes narrow screens scroll instead of squeeze. */
  className?: string;
  /** Attributes of a row (classes, data-* for tests). */
  rowProps?: (row: Row<T>) => React.HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  busy?: boolean;
  testId?: string;
}

export function DataTable<T>({ table, label, sortTitle, className = "", rowProps, busy, testId }: Props<T>) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white [contain:inline-size] focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
    >
      <table
        className={`${tableClass} ${className}`}
        aria-label={label}
        aria-busy={busy || undefined}
        data-testid={testId}
      >
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const content = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={thClass}
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                  >
                    {sortTitle && header.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="inline-flex items-center gap-1 rounded text-left font-semibold underline-offset-2 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
                        title={sortTitle(String(header.column.columnDef.header))}
                      >
                        {content}
                        <span aria-hidden="true" className="text-xs text-slate-600">
                          {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                        </span>
                      </button>
                    ) : (
                      content
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="hover:bg-slate-50" {...rowProps?.(row)}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={tdClass}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
