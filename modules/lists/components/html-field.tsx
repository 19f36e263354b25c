"use client";
// A consent text or welcome message in the list editor: the sendout composer's rich-text editor (Tiptap) with the
// tools the consent sanitizer keeps, so staff write formatted text instead of HTML by hand; the service sanitizes
// what is saved as before (lib/sanitize.ts, sanitizeConsentHtml). Labelled, described and marked invalid like the
// form's other fields; read only for a reader.
import { Controller } from "react-hook-form";
import { FieldErrorLine } from "@/components/ui/field";
import { sendoutComposeMessages } from "@/modules/sendouts/texts/sendout-compose";
import { useLang } from "@/components/admin/i18n-context";
import { CONSENT_TOOLS, RichTextEditor } from "@/components/admin/ui/rich-text-editor";
import type { EditForm } from "./list-editor";

export function HtmlField({
  form,
  name,
  id,
  label,
  help,
  error,
  editable,
}: {
  form: EditForm;
  name: "term.html" | "welcome_html";
  id: string;
  label: string;
  help: string;
  error?: string;
  editable: boolean;
}) {
  const t = sendoutComposeMessages(useLang()).editor;
  return (
    <div>
      <p id={`${id}-label`} className="font-medium">
        {label}
      </p>
      <p id={`${id}-help`} className="text-sm text-slate-700">
        {help}
      </p>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <RichTextEditor
            id={id}
            value={field.value ?? ""}
            onChange={field.onChange}
            onBlur={field.onBlur}
            labelledBy={`${id}-label`}
            describedBy={error ? `${id}-help ${id}-error` : `${id}-help`}
            invalid={Boolean(error)}
            editable={editable}
            tools={CONSENT_TOOLS}
            testId={`${id}-editor`}
            t={t}
          />
        )}
      />
      <FieldErrorLine id={id} error={error} />
    </div>
  );
}
