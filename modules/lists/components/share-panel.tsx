"use client";
// Sharing a list's hosted form: its link and a link snippet for the association's website, each with the dashboard's
// one copy button (SecretValue), and the form itself in a new tab. No iframe snippet: the hosted pages send
// `frame-ancestors 'none'`.
import { escapeHtml } from "@/lib/html-escape";
import { fill } from "@/lib/i18n/fill";
import { listsMessages } from "@/modules/lists/texts/lists";
import { useLang } from "@/components/admin/i18n-context";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import { SecretValue } from "@/components/admin/ui/secret-value";
import type { ListView } from "./types";
import { Panel } from "@/components/admin/ui/page-parts";

export function SharePanel({ list }: { list: ListView }) {
  const t = listsMessages(useLang());
  const snippet = `<a href="${escapeHtml(list.public_url)}">${escapeHtml(fill(t.edit.embedText, { name: list.name }))}</a>`;
  return (
    <Panel id="share" title={t.edit.share} spacing="space-y-4">
      {!list.is_active && (
        <p className="rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-amber-950">
          {t.edit.inactiveNote}
        </p>
      )}
      <SecretValue label={t.edit.publicUrl} value={list.public_url} testId="share-url" />
      <a
        href={`/subscribe/${list.uuid}`}
        target="_blank"
        rel="noopener"
        className={`${secondaryButtonClass} inline-block`}
      >
        {t.edit.openPreview} <span className="sr-only">{t.common.opensInNewTab}</span>
        <span aria-hidden="true" className="ml-1">
          ↗
        </span>
      </a>
      <div>
        <SecretValue label={t.edit.embed} value={snippet} testId="share-embed" />
        <p className="mt-1 text-sm text-slate-700">{t.edit.embedHelp}</p>
      </div>
    </Panel>
  );
}
