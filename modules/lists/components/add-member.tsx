"use client";
// Subscribing a member of the list's association from the dashboard: search by email or name, then add.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { fill } from "@/lib/i18n/fill";
import { listsMessages } from "@/modules/lists/texts/lists";
import { queryKeys } from "@/lib/query-keys";
import { useLang } from "@/components/admin/i18n-context";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import { memberName } from "@/modules/members/texts/member-name";
import type { ListActions, MemberMatch } from "./types";
import { SearchField } from "@/components/ui/field";
import { failureText } from "@/components/admin/action-errors";
import { Panel } from "@/components/admin/ui/page-parts";
import { useSearchText } from "@/components/admin/ui/use-debounced";

export function AddMember({
  listId,
  setSubscription,
}: {
  listId: number;
  setSubscription: ListActions["setSubscription"];
}) {
  const t = listsMessages(useLang());
  const ts = t.subscribers;
  const queryClient = useQueryClient();
  const { search, setSearch, q } = useSearchText();
  const matches = useQuery({
    queryKey: queryKeys.lists.memberSearch(listId, q),
    queryFn: () => fetchJson<MemberMatch[]>(`/admin/api/lists/${listId}/members?q=${encodeURIComponent(q)}`),
    enabled: q.length >= 2,
  });
  const add = useMutation({
    mutationFn: (member: MemberMatch) =>
      unwrap(setSubscription({ id: listId, member_id: member.member_id, subscribed: true })),
    onSuccess: (_data, member) => {
      toast.success(fill(ts.subscribed, { email: member.email ?? memberName(member, "") }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.memberSearch(listId, q) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.allSubscribers(listId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.all, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.one(listId), exact: true });
    },
    onError: (error) => toast.error(failureText(t.common, error)),
  });

  return (
    <Panel id="add-member" title={ts.addMember} intro={ts.addMemberIntro}>
      <SearchField
        id="member-search"
        label={ts.memberSearch}
        value={search}
        onSearch={setSearch}
        help={ts.memberSearchHelp}
        className="max-w-xl"
      />
      {q.length >= 2 && (
        <div aria-live="polite">
          {matches.isLoading ? null : matches.isError ? (
            <p role="alert" className="text-red-800">
              {failureText(t.common, matches.error)}
            </p>
          ) : matches.data?.length === 0 ? (
            <p className="text-slate-700">{ts.noMembers}</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
              {matches.data?.map((m) => (
                <li key={m.member_id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <span>
                    <span className="break-all font-medium">{m.email}</span>
                    {(m.firstname || m.lastname) && (
                      <span className="text-slate-700"> · {[m.firstname, m.lastname].filter(Boolean).join(" ")}</span>
                    )}
                  </span>
                  {m.is_subscribed ? (
                    <span className="text-sm text-slate-700">{ts.alreadySubscribed}</span>
                  ) : (
                    <button
                      type="button"
                      className={`${secondaryButtonClass} px-3 py-1`}
                      aria-label={fill(ts.addLabel, { email: m.email ?? memberName(m, "") })}
                      disabled={add.isPending}
                      onClick={() => add.mutate(m)}
                    >
                      {ts.add}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Panel>
  );
}
