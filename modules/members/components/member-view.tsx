"use client";
// The member page: personal details, memberships, properties, consents and subscriptions; for staff who may change
// members, the edit form and the GDPR erasure (with a confirmation that says what is removed and what stays).
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { unwrap } from "@/lib/actions/result";
import { fill } from "@/lib/i18n/fill";
import { membersMessages } from "@/modules/members/texts/members";
import { failureText } from "@/components/admin/action-errors";
import { EditAndRemove } from "@/components/admin/ui/confirm-button";
import { useLang } from "@/components/admin/i18n-context";
import { Panel } from "@/components/admin/ui/page-parts";
import { tableClass, tdClass, thClass } from "@/components/admin/ui/styles";
import { MemberForm } from "./member-form";
import { memberName } from "../texts/member-name";
import { type Member, type MemberActions, type MemberOptions } from "./types";
import { formatDate } from "@/lib/i18n/formats";

export function MemberView({
  member,
  options,
  canWrite,
  actions,
}: {
  member: Member;
  options: MemberOptions;
  canWrite: boolean;
  actions: MemberActions;
}) {
  const lang = useLang();
  const t = membersMessages(lang);
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const name = memberName(member, t.search.noName);
  const erase = useMutation({
    mutationFn: () => unwrap(actions.eraseMember({ id: member.id })),
    onSuccess: () => {
      toast.success(t.member.erased);
      router.push("/admin/members");
    },
    onError: (error) => toast.error(failureText(t.common, error)),
  });

  if (editing) {
    return (
      <Panel id="edit" title={fill(t.form.editTitle, { name })}>
        <MemberForm member={member} options={options} actions={actions} onDone={() => setEditing(false)} />
      </Panel>
    );
  }

  const details: [string, string | null][] = [
    [t.form.email, member.email],
    [t.form.phone, member.phone],
    [t.form.birthdate, member.birthdate],
    [t.form.street, member.street],
    [t.form.zipcode, member.zipcode],
    [t.form.post, member.post],
    [t.form.gender, member.gender && t.form.genders[member.gender]],
    [t.form.disabilityShort, member.disability ? t.form.marked : null],
    ...(options.personal_number ? [[t.form.personalNumber, member.personal_number] as [string, string | null]] : []),
  ];
  return (
    <div className="space-y-6">
      {canWrite && (
        <EditAndRemove
          editLabel={t.member.edit}
          onEdit={() => setEditing(true)}
          remove={{
            label: t.member.erase,
            title: fill(t.member.eraseTitle, { name }),
            body: t.member.eraseBody,
            confirmLabel: t.member.eraseConfirm,
            cancelLabel: t.common.cancel,
            disabled: erase.isPending,
            onConfirm: () => erase.mutate(),
          }}
        />
      )}
      <Panel id="personal" title={t.member.personal}>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {details.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-700">{label}</dt>
              <dd className="break-all">{value ?? t.common.none}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-slate-700">
          {fill(t.member.created, { date: formatDate(lang, "date", member.created_at) })}
        </p>
        {member.global_opt_out_at && (
          <p className="mt-1 text-sm text-slate-700">
            {fill(t.member.optedOut, { date: formatDate(lang, "date", member.global_opt_out_at) })}
          </p>
        )}
      </Panel>

      <Panel id="memberships" title={t.member.memberships}>
        {member.memberships.length === 0 ? (
          <p className="text-slate-700">{t.member.noMemberships}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className={tableClass} aria-labelledby="memberships-heading">
              <thead>
                <tr>
                  {[t.member.company, t.member.period, t.member.memberType, t.member.status].map((h) => (
                    <th key={h} scope="col" className={thClass}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {member.memberships.map((m) => (
                  <tr key={m.id}>
                    <td className={tdClass}>{m.company_name}</td>
                    <td className={tdClass}>{m.period_name}</td>
                    <td className={tdClass}>{m.member_type_name ?? t.common.none}</td>
                    <td className={tdClass}>{t.common.statuses[m.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>

      <div className="grid gap-6 lg:grid-cols-3">
        <Panel id="properties" title={t.member.properties}>
          {member.properties.length === 0 ? (
            <p className="text-slate-700">{t.member.noProperties}</p>
          ) : (
            <ul className="list-disc space-y-1 pl-5">
              {member.properties.map((p) => (
                <li key={p.prop_id}>
                  {p.name} <span className="text-slate-700">({p.group_name})</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel id="consents" title={t.member.consents}>
          <Entries
            empty={t.member.noConsents}
            entries={member.consents.map((c) => ({
              key: `${c.term_id}-${c.accepted_at}`,
              title: c.term_name,
              detail: fill(t.member.accepted, { date: formatDate(lang, "date", c.accepted_at) }),
            }))}
          />
        </Panel>
        <Panel id="subscriptions" title={t.member.subscriptions}>
          <Entries
            empty={t.member.noSubscriptions}
            entries={member.subscriptions.map((s) => ({
              key: String(s.list_id),
              title: s.list_name,
              detail: `${s.status === "SUBSCRIBED" ? t.member.subscribed : t.member.unsubscribed} · ${formatDate(lang, "date", s.unsubscribed_at ?? s.subscribed_at)}`,
            }))}
          />
        </Panel>
      </div>
    </div>
  );
}

/** A panel's list of named entries with a detail line each, or the sentence saying there are none. */
function Entries({ entries, empty }: { entries: { key: string; title: string; detail: string }[]; empty: string }) {
  if (entries.length === 0) return <p className="text-slate-700">{empty}</p>;
  return (
    <ul className="space-y-2">
      {entries.map((entry) => (
        <li key={entry.key}>
          <span className="font-medium">{entry.title}</span>
          <span className="block text-sm text-slate-700">{entry.detail}</span>
        </li>
      ))}
    </ul>
  );
}
