"use client";
// Loading, error and empty states shared by every dashboard table and panel.
import { shellMessages } from "@/lib/i18n/admin/shell";
import { useLang } from "../i18n-context";

export function QueryState({
  query,
  isEmpty,
  emptyText,
  children,
}: {
  /** The TanStack query whose data the children show (retrying refetches it). */
  query: { isLoading: boolean; error: unknown; refetch: () => unknown };
  isEmpty?: boolean;
  /** What the area says when it has nothing yet (default: the shell's "nothing to show yet"). */
  emptyText?: string;
  children: React.ReactNode;
}) {
  const t = shellMessages(useLang());
  const { isLoading, error } = query;
  const onRetry = () => void query.refetch();
  if (isLoading)
    return (
      <p role="status" className="py-6 text-slate-700">
        {t.loading}
      </p>
    );
  if (error) {
    return (
      <div role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
        <p>{t.loadError}</p>
        <button
          type="button"
          onClick={onRetry}
          className="mt-2 rounded-md border border-red-800 px-3 py-1 text-sm hover:bg-red-100"
        >
          {t.retry}
        </button>
      </div>
    );
  }
  if (isEmpty) return <p className="py-6 text-slate-700">{emptyText ?? t.empty}</p>;
  return <>{children}</>;
}
