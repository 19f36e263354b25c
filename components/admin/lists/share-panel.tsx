"use client";
// Sharing a list's hosted form: its link and a link snippet for the association's website, each with a copy
// button, and the form itself in a new tab. No iframe snippet: the hosted pages send `frame-ancestors 'none'`.
import { escapeHtml } from "@/lib/html-escape";
import { fill } from "@/lib/i18n/fill";
import { listsMessages } from "@/lib/i18n/admin/lists";
import { useLang } from "../i18n-context";
import { inputClass, secondaryButtonClass } from "../ui/styles";
import { CopyButton } from "./shared";
import type { ListView } from "./types";
import { Field } from "@/components/ui/field";
import { Panel } from "../ui/page-parts";

export function SharePanel({ list }: { list: ListView }) {
  const t = listsMessages(useLang());
  const snippet = `<a href="${escapeHtml(list.public_url)}">${escapeHtml(fill(t.edit.embedText, { name: list.name }))}</a>`;
  return (
    <Panel id="share" title={t.edit.share} spacing="space-y-4">
      {!list.is_active && <p className="rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-amber-950">{t.edit.inactiveNote}</p>}
      <Field id="share-url" label={t.edit.publicUrl}>
        {(wiring) => (
          <div className="flex flex-wrap items-end gap-2">
            <input {...wiring} type="text" readOnly value={list.public_url} className={`${inputClass} min-w-0 flex-1 font-mono text-sm`} onFocus={(e) => e.target.select()} />
            <CopyButton text={list.public_url} label={t.edit.copyLink} done={t.edit.copied} failed={t.edit.copyFailed} />
            <a href={`/subscribe/${list.uuid}`} target="_blank" rel="noopener" className={secondaryButtonClass}>
              {t.edit.openPreview} <span className="sr-only">{t.common.opensInNewTab}</span>
              <span aria-hidden="true" className="ml-1">↗</span>
            </a>
          </div>
        )}
      </Field>
      <Field id="share-embed" label={t.edit.embed} help={t.edit.embedHelp}>
        {(wiring) => (
          <div className="flex flex-wrap items-start gap-2">
            <textarea {...wiring} readOnly rows={2} value={snippet} className={`${inputClass} min-w-0 flex-1 font-mono text-sm`} onFocus={(e) => e.target.select()} />
            <div className="mt-1">
              <CopyButton text={snippet} label={t.edit.copyEmbed} done={t.edit.copied} failed={t.edit.copyFailed} />
            </div>
          </div>
        )}
      </Field>
    </Panel>
  );
}
