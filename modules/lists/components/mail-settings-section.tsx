"use client";
// The list editor's double opt-in switch and welcome message (subject, and its text in the rich-text editor, sanitized
// when saved), part of its one form.
import { listConsentMessages } from "@/modules/lists/texts/list-consent";
import { CheckboxField, TextField } from "@/components/ui/field";
import { useLang } from "@/components/admin/i18n-context";
import { Panel } from "@/components/admin/ui/page-parts";
import { HtmlField } from "./html-field";
import type { EditForm } from "./list-editor";

type Control = (name: string) => { id: string; error?: string };

export function MailSettingsSection({
  form,
  control,
  canWrite,
}: {
  form: EditForm;
  control: Control;
  canWrite: boolean;
}) {
  const t = listConsentMessages(useLang());
  return (
    <Panel id="mail-settings" title={t.mailPanel} spacing="space-y-4">
      <CheckboxField
        id="list-double_opt_in"
        label={t.doubleOptIn}
        description={t.doubleOptInHelp}
        {...form.register("double_opt_in")}
      />
      <TextField
        label={t.welcomeSubject}
        help={t.welcomeSubjectHelp}
        {...control("welcome_subject")}
        {...form.register("welcome_subject")}
      />
      <HtmlField
        form={form}
        name="welcome_html"
        label={t.welcomeHtml}
        help={t.welcomeHtmlHelp}
        editable={canWrite}
        {...control("welcome_html")}
      />
    </Panel>
  );
}
