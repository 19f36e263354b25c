"use client";
// Picking rows of a table for a bulk action, the way Gmail does: tick rows, or the whole page with the header's box,
// then "every match" beyond the page. The picked rows belong to a scope (a filter, and for the subscribers table its
// page too): they are let go when the scope changes, since another search is another set of people.
import type { ColumnHelper } from "@tanstack/react-table";
import { useState } from "react";

export function useRowSelection(scope: string) {
  const [state, setState] = useState({ scope, ids: new Set<number>() as ReadonlySet<number>, allMatching: false });
  const current =
    state.scope === scope ? state : { scope, ids: new Set<number>() as ReadonlySet<number>, allMatching: false };
  const set = (ids: ReadonlySet<number>, allMatching = false) => setState({ scope, ids, allMatching });
  return {
    ids: current.ids,
    allMatching: current.allMatching,
    isPicked: (id: number) => current.allMatching || current.ids.has(id),
    /**
     * Ticks or unticks rows. With every match picked, unticking one keeps the rows of the page (`pageIds`) but that
     * one: "all but one" of a large match is not a selection we keep.
     */
    toggle: (ids: number[], on: boolean, pageIds: number[]) => {
      const next = new Set(current.allMatching ? pageIds : current.ids);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      set(next);
    },
    selectAllMatching: () => set(current.ids, true),
    clear: () => set(new Set()),
  };
}
export type RowSelection = ReturnType<typeof useRowSelection>;

/** The checkbox column: the header's box picks the page (mixed when some are), each row's box its row. */
export function pickColumn<Row>(
  column: ColumnHelper<Row>,
  options: {
    rows: Row[];
    idOf: (row: Row) => number;
    labelOf: (row: Row) => string;
    selection: RowSelection;
    selectPage: string;
    selectRow: (label: string) => string;
  },
) {
  const { rows, idOf, labelOf, selection } = options;
  const pageIds = rows.map(idOf);
  const pagePicked = pageIds.length > 0 && pageIds.every(selection.isPicked);
  const pageSomePicked = !pagePicked && pageIds.some(selection.isPicked);
  return column.display({
    id: "pick",
    header: () => (
      <input
        type="checkbox"
        className="h-5 w-5 accent-blue-800"
        aria-label={options.selectPage}
        checked={pagePicked}
        ref={(box) => {
          if (box) box.indeterminate = pageSomePicked;
        }}
        onChange={(e) => selection.toggle(pageIds, e.target.checked, pageIds)}
      />
    ),
    cell: (info) => {
      const id = idOf(info.row.original);
      return (
        <input
          type="checkbox"
          className="h-5 w-5 accent-blue-800"
          aria-label={options.selectRow(labelOf(info.row.original))}
          checked={selection.isPicked(id)}
          onChange={(e) => selection.toggle([id], e.target.checked, pageIds)}
        />
      );
    },
  });
}
