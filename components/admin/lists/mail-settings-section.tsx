"use client";
// The list editor's double opt-in switch and welcome message (subject and sanitized HTML), part of its one form.
import { listConsentMessages } from "@/lib/i18n/admin/list-consent";
import { CheckboxField, TextAreaField, TextField } from "@/components/ui/field";
import { useLang } from "../i18n-context";
import { Panel } from "../ui/page-parts";
import type { EditForm } from "./list-editor";

type Control = (name: string) => { id: string; error?: string };

export function MailSettingsSection({ form, control }: { form: EditForm; control: Control }) {
  const t = listConsentMessages(useLang());
  return (
    <Panel id="mail-settings" title={t.mailPanel} spacing="space-y-4">
      <CheckboxField id="list-double_opt_in" label={t.doubleOptIn} description={t.doubleOptInHelp} {...form.register("double_opt_in")} />
      <TextField label={t.welcomeSubject} help={t.welcomeSubjectHelp} {...control("welcome_subject")} {...form.register("welcome_subject")} />
      <TextAreaField label={t.welcomeHtml} help={t.welcomeHtmlHelp} rows={6} {...control("welcome_html")} {...form.register("welcome_html")} />
    </Panel>
  );
}
