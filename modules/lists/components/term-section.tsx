"use client";
// The consent text of the list editor: heading and formatted text (the rich-text editor, html-field.tsx), and beside them a live preview rendered by the server with
// the sanitizer the public page uses (debounced; the saved text, already sanitized, needs no round trip).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { unwrap } from "@/lib/actions/result";
import { listsMessages } from "@/modules/lists/texts/lists";
import { queryKeys } from "@/lib/query-keys";
import { listConsentMessages } from "@/modules/lists/texts/list-consent";
import { CheckboxField, TextField, type FieldProps } from "@/components/ui/field";
import { useLang } from "@/components/admin/i18n-context";
import { HtmlField } from "./html-field";
import type { EditForm } from "./list-editor";
import type { ListActions } from "./types";
import { Panel } from "@/components/admin/ui/page-parts";
import { useDebounced } from "@/components/admin/ui/use-debounced";

interface Props {
  form: EditForm;
  savedHtml: string;
  previewTerm: ListActions["previewTerm"];
  canWrite: boolean;
  /** The fields' ids and errors, from the editor's form. */
  nameField: Pick<FieldProps, "id" | "error">;
  htmlField: Pick<FieldProps, "id" | "error">;
}

export function TermSection({ form, savedHtml, previewTerm, canWrite, nameField, htmlField }: Props) {
  const lang = useLang();
  const t = listsMessages(lang).edit;
  const tc = listConsentMessages(lang);
  const html = useWatch({ control: form.control, name: "term.html" }) ?? "";
  const debounced = useDebounced(html, 400);
  const empty = debounced.trim() === "";
  const needsServer = canWrite && !empty && debounced !== savedHtml;
  const preview = useQuery({
    queryKey: queryKeys.lists.termPreview(debounced),
    queryFn: () => unwrap(previewTerm({ html: debounced })),
    enabled: needsServer,
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const shown = empty ? null : needsServer ? (preview.data?.html ?? null) : savedHtml;
  const updating = html !== debounced || (needsServer && preview.isFetching);

  return (
    <Panel id="consent" title={t.consent} spacing="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <TextField label={t.termName} {...nameField} {...form.register("term.name")} />
          <HtmlField
            form={form}
            name="term.html"
            label={t.termHtml}
            help={t.termHelp}
            editable={canWrite}
            {...htmlField}
          />
          <div>
            <CheckboxField
              id="list-consent_required"
              label={tc.consentRequired}
              aria-describedby="list-consent_required-help"
              {...form.register("consent_required")}
            />
            <p id="list-consent_required-help" className="ml-7 mt-1 text-sm text-slate-700">
              {tc.consentRequiredHelp}
            </p>
          </div>
        </div>
        <div>
          <h3 id="preview-heading" className="font-medium">
            {t.preview}
          </h3>
          <p className="text-sm text-slate-700">{t.previewHelp}</p>
          <p role="status" className="min-h-5 text-sm text-slate-700">
            {updating ? t.previewUpdating : needsServer && preview.isError ? t.previewFailed : ""}
          </p>
          {shown === null ? (
            <p className="mt-1 rounded-md border border-dashed border-slate-300 p-3 text-sm text-slate-700">
              {empty ? t.previewEmpty : ""}
            </p>
          ) : (
            // Sanitized by the server (lib/sanitize.ts), styled like the public page's consent box.
            <div
              role="region"
              aria-labelledby="preview-heading"
              tabIndex={0}
              data-testid="consent-preview"
              className="consent-text mt-1 max-h-72 overflow-y-auto rounded-md border border-slate-300 bg-slate-50 p-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
              dangerouslySetInnerHTML={{ __html: shown }}
            />
          )}
        </div>
      </div>
    </Panel>
  );
}
