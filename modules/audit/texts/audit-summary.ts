// The audit log's summaries in words: the services store short English texts with codes in them ("changed term,
// question_prop_ids", "FK_ADDED → ACTIVE", "member 12 on list 3 via hosted_form"); the stored entries stay as they
// are, and the screen shows them in the reader's language with the labels other screens use for the same codes
// (fk statuses and roles from the shell, suppression reasons from their screen). A summary of a shape not known
// here is shown as stored.
import { formatNumber } from "@/lib/i18n/formats";
import type { Lang } from "@/lib/i18n/lang";
import { auditMessages, type AuditMessages } from "./audit";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { suppressionsMessages } from "@/modules/sendouts/texts/suppressions";

type Rule = [RegExp, (match: string[], t: AuditMessages, lang: Lang) => string];

const label = (map: Record<string, string>, code: string) => map[code] ?? code;
const fieldList = (t: AuditMessages, codes: string) =>
  t.summary.list(codes.split(", ").map((code) => label(t.fields, code)));
const who = (t: AuditMessages, text: string) => {
  const member = /^member (\d+)$/.exec(text);
  return member ? t.summary.member(member[1]) : text;
};

const changed: Rule = [/^changed (.+)$/, ([, fields], t) => t.summary.changed(fieldList(t, fields))];
const memberOnly: Rule = [/^member (\d+)$/, ([, id], t) => t.summary.member(id)];
const subscription: Rule[] = [
  [
    /^member (\d+) on list (\d+) via (\w+)$/,
    ([, member, list, channel], t) => t.summary.publicChange(member, list, label(t.channels, channel)),
  ],
  [/^(.+) on (.+)$/, ([, person, list], t) => t.summary.on(who(t, person), list)],
];

const rules: Record<string, Rule[]> = {
  "company.update": [changed],
  "subscription_list.update": [changed],
  "company.fk_status": [
    [
      /^(\w+) → (\w+)$/,
      ([, from, to], _t, lang) =>
        `${label(shellMessages(lang).fkStatus, from)} → ${label(shellMessages(lang).fkStatus, to)}`,
    ],
  ],
  "member.update": [[/^member (\d+): (.+)$/, ([, id, fields], t) => t.summary.memberChanged(id, fieldList(t, fields))]],
  "member.create": [
    memberOnly,
    [/^(\d+) generated members$/, ([, n], t, lang) => t.summary.generated(formatNumber(lang, Number(n)))],
  ],
  "member.erase": [memberOnly],
  "event.register": [memberOnly],
  "event.unregister": [memberOnly],
  "subscription.subscribe": subscription,
  "subscription.unsubscribe": subscription,
  "subscription.request_confirmation": subscription,
  "subscription.bulk_unsubscribe": [
    [/^(\d+) subscribers on (.+)$/, ([, n, list], t, lang) => t.summary.bulk(formatNumber(lang, Number(n)), list)],
  ],
  "subscription_list.delete": [
    [
      /^(.+) \((\d+) active subscribers\)$/,
      ([, name, n], t, lang) => t.summary.listDeleted(name, formatNumber(lang, Number(n))),
    ],
  ],
  "admin_user.create": [
    [/^(.+) \((\w+)\)$/, ([, email, role], _t, lang) => `${email} (${label(shellMessages(lang).role, role)})`],
  ],
  "admin_user.create_refused": [
    [/^(.+): in use beyond the actor's rights$/, ([, email], t) => `${email}: ${t.summary.inUseBeyond}`],
  ],
  "admin_user.update": [
    [
      /^(.+): (.*)$/,
      ([, email, what], t, lang) => {
        const parts = what ? what.split(", ") : [];
        const words = parts.map((part) => {
          const role = /^role (\w+)$/.exec(part);
          if (role) return t.summary.roleTo(label(shellMessages(lang).role, role[1]));
          return part === "activated"
            ? t.summary.activated
            : part === "deactivated"
              ? t.summary.deactivated
              : part === "access changed"
                ? t.summary.accessChanged
                : part;
        });
        return words.length ? `${email}: ${t.summary.list(words)}` : email;
      },
    ],
  ],
  "leisure_card_key.set": [
    [/^key set$/, (_m, t) => t.summary.keySet],
    [/^key replaced$/, (_m, t) => t.summary.keyReplaced],
  ],
  "sendout.test": [[/^test copy to (.+)$/, ([, email], t) => t.summary.testCopyTo(email)]],
  "webhook_endpoint.redeliver": [[/^delivery (\d+)$/, ([, id], t) => t.summary.delivery(id)]],
  "webhook_endpoint.disable": [
    [
      /^(.+): every attempt failed since failing_since, and a delivery used all its retries$/,
      ([, url], t) => `${url}: ${t.summary.webhookGaveUp}`,
    ],
  ],
  "suppression.lift": [
    [
      /^(.+?) \((\w+)\): ([\s\S]*)$/,
      ([, email, reason, note], _t, lang) => `${email} (${label(suppressionsMessages(lang).reasons, reason)}): ${note}`,
    ],
  ],
};

/** The summary of an entry as the reader's language says it. */
export function auditSummaryText(lang: Lang, action: string, summary: string): string {
  const t = auditMessages(lang);
  for (const [pattern, render] of rules[action] ?? []) {
    const match = pattern.exec(summary);
    if (match) return render([...match], t, lang);
  }
  return summary;
}
