"use client";
// How many distinct people the chosen lists and activities reach now, and how many are left out (opted out of all
// mail, or a suppressed address): the service's count, asked again as the choice changes.
import { useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import { fill } from "@/lib/i18n/fill";
import { formatNumber } from "@/lib/i18n/formats";
import type { SendoutsMessages } from "@/modules/sendouts/texts/sendouts";
import { queryKeys } from "@/lib/query-keys";
import { useLang } from "@/components/admin/i18n-context";
import { QueryState } from "@/components/admin/ui/query-state";
import type { SendoutReachShape } from "./types";

export function useRecipientCount(companyId: string, listIds: number[], activityIds: number[] = []) {
  const sorted = [...listIds].sort((a, b) => a - b);
  const activities = [...activityIds].sort((a, b) => a - b);
  return useQuery({
    queryKey: queryKeys.sendouts.recipients(companyId, sorted, activities),
    queryFn: () =>
      fetchJson<SendoutReachShape>(
        `/admin/api/sendouts/recipients?company_id=${encodeURIComponent(companyId)}&list_ids=${sorted.join(",")}` +
          `&activity_ids=${activities.join(",")}`,
      ),
    enabled: sorted.length + activities.length > 0,
  });
}

export function RecipientCount({
  query,
  chosen,
  t,
}: {
  query: ReturnType<typeof useRecipientCount>;
  chosen: boolean;
  t: SendoutsMessages["recipients"];
}) {
  const lang = useLang();
  if (!chosen) return <p className="text-slate-700">{t.chooseLists}</p>;
  const reach = query.data;
  return (
    <div aria-live="polite" data-testid="recipient-count">
      <QueryState query={query}>
        {reach && (
          <p className="font-medium text-slate-900">
            {fill(t.count, {
              recipients: formatNumber(lang, reach.recipients),
              optedOut: formatNumber(lang, reach.opted_out),
              suppressed: formatNumber(lang, reach.suppressed),
            })}
          </p>
        )}
      </QueryState>
    </div>
  );
}
