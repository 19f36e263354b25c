"use client";
// The register as a tree, built from the same scoped list as the table: each company under its parent; a company whose
// parent is not in the list (outside the scope, deleted, filtered out by the search, or none) is a root. Sub-companies
// open with disclosure buttons (aria-expanded / aria-controls); long levels show 200 at a time.
import Link from "next/link";
import { useMemo, useState } from "react";
import { companiesMessages } from "@/modules/companies/texts/companies";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { useLang } from "@/components/admin/i18n-context";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import type { RegisterRow } from "./types";

const LEVEL_LIMIT = 200;

interface Tree {
  roots: RegisterRow[];
  children: Map<string, RegisterRow[]>;
}

function buildTree(rows: RegisterRow[]): Tree {
  const listed = new Set(rows.map((r) => r.company_id));
  const children = new Map<string, RegisterRow[]>();
  const roots: RegisterRow[] = [];
  for (const row of rows) {
    if (row.parent_id && row.parent_id !== row.company_id && listed.has(row.parent_id)) {
      const siblings = children.get(row.parent_id);
      if (siblings) siblings.push(row);
      else children.set(row.parent_id, [row]);
    } else {
      roots.push(row);
    }
  }
  return { roots, children };
}

export function CompanyTree({ rows }: { rows: RegisterRow[] }) {
  const t = companiesMessages(useLang()).register;
  const tree = useMemo(() => buildTree(rows), [rows]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => setExpanded(new Set(tree.children.keys()))}
          disabled={tree.children.size === 0}
        >
          {t.expandAll}
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => setExpanded(new Set())}
          disabled={expanded.size === 0}
        >
          {t.collapseAll}
        </button>
        <p className="text-sm text-slate-700">{t.treeHint}</p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-2 sm:p-3">
        <Level nodes={tree.roots} tree={tree} expanded={expanded} onToggle={toggle} label={t.treeLabel} depth={0} />
      </div>
    </div>
  );
}

function Level({
  nodes,
  tree,
  expanded,
  onToggle,
  label,
  id,
  depth,
}: {
  nodes: RegisterRow[];
  tree: Tree;
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  label?: string;
  id?: string;
  depth: number;
}) {
  const t = companiesMessages(useLang()).register;
  const [shown, setShown] = useState(LEVEL_LIMIT);
  const rest = nodes.length - shown;
  return (
    <ul id={id} aria-label={label} className={depth > 0 ? "ml-4 border-l border-slate-200 pl-3 sm:ml-5 sm:pl-4" : ""}>
      {nodes.slice(0, shown).map((node) => (
        <Node key={node.company_id} node={node} tree={tree} expanded={expanded} onToggle={onToggle} depth={depth} />
      ))}
      {rest > 0 && (
        <li className="py-2">
          <button type="button" className={secondaryButtonClass} onClick={() => setShown((n) => n + LEVEL_LIMIT)}>
            {t.showMore(Math.min(rest, LEVEL_LIMIT))}
          </button>
        </li>
      )}
    </ul>
  );
}

function Node({
  node,
  tree,
  expanded,
  onToggle,
  depth,
}: {
  node: RegisterRow;
  tree: Tree;
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  depth: number;
}) {
  const lang = useLang();
  const t = companiesMessages(lang).register;
  const fkStatus = shellMessages(lang).fkStatus;
  const children = tree.children.get(node.company_id) ?? [];
  const open = children.length > 0 && expanded.has(node.company_id);
  const childrenId = `tree-children-${node.company_id}`;
  return (
    <li>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md px-1 py-1.5 hover:bg-slate-50">
        {children.length > 0 ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={open ? childrenId : undefined}
            aria-label={t.toggle(node.name)}
            onClick={() => onToggle(node.company_id)}
            className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className={`h-4 w-4 transition-transform ${open ? "rotate-90" : ""}`}
              fill="currentColor"
            >
              <path d="M7 4l7 6-7 6V4z" />
            </svg>
          </button>
        ) : (
          <span aria-hidden="true" className="inline-block h-8 w-8 shrink-0" />
        )}
        <Link
          href={`/admin/companies/${node.company_id}`}
          className="font-medium text-blue-800 underline hover:text-blue-950"
        >
          {node.name}
        </Link>
        <span className="text-sm text-slate-700">{node.org_number}</span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
          {fkStatus[node.fk_status] ?? node.fk_status}
        </span>
        {children.length > 0 && <span className="text-sm text-slate-700">{t.subCompanies(children.length)}</span>}
      </div>
      {open && (
        <Level id={childrenId} nodes={children} tree={tree} expanded={expanded} onToggle={onToggle} depth={depth + 1} />
      )}
    </li>
  );
}
