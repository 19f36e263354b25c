"use client";
// A table of one query's rows: the query's loading, error and empty states, then the rows in a DataTable.
import { getCoreRowModel, useReactTable, type TableOptions } from "@tanstack/react-table";
import { DataTable } from "./data-table";
import { QueryState } from "./query-state";

type TableProps<T> = Omit<React.ComponentProps<typeof DataTable<T>>, "table">;

export function QueryTable<T>({
  query,
  columns,
  getRowId,
  ...tableProps
}: TableProps<T> & {
  query: React.ComponentProps<typeof QueryState>["query"] & { data: T[] | undefined };
  columns: TableOptions<T>["columns"];
  getRowId: (row: T) => string;
}) {
  // TanStack Table is not memoizable by the React Compiler, which skips this component: expected.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: query.data ?? (NO_ROWS as T[]),
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId,
  });
  return (
    <QueryState query={query} isEmpty={query.data?.length === 0}>
      <DataTable table={table} {...tableProps} />
    </QueryState>
  );
}

/** One empty array for every render without data, so the table does not see new data each time. */
const NO_ROWS: never[] = [];
