// /admin/webhooks: a company's webhook endpoints and their deliveries. Needs the webhook module; WEBHOOK.U to change
// anything (the services check both, and the scope, again).
import { NoAccess, PageTitle } from "@/components/admin/ui/page-parts";
import { WebhooksScreen } from "@/modules/webhooks/components/webhooks-screen";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { webhooksMessages } from "@/modules/webhooks/texts/webhooks";
import { companyChoices } from "@/modules/companies/services/directory";
import { initialCompanyChoice } from "@/modules/access/services/home-company";
import {
  createWebhookAction,
  deleteWebhookAction,
  redeliverWebhookAction,
  rotateWebhookSecretAction,
  sendWebhookTestAction,
  updateWebhookAction,
} from "./actions";

export default async function WebhooksPage({
  searchParams,
}: {
  searchParams: Promise<{ company_id?: string | string[] }>;
}) {
  const caller = await requirePageCaller();
  const lang = await adminLanguage();
  const t = webhooksMessages(lang);
  if (!caller.modules.has("webhook")) return <NoAccess title={t.title} text={t.noAccess} />;
  const companies = await companyChoices(caller);
  const asked = (await searchParams).company_id;
  const companyId = (await initialCompanyChoice(caller, companies, asked))?.company_id ?? "";
  const canWrite = caller.permissions.has("WEBHOOK.U");
  return (
    <>
      <PageTitle
        title={t.title}
        intro={
          <>
            {t.intro}{" "}
            <a href="/docs" className="text-blue-800 underline hover:text-blue-950">
              {t.docsLink}
            </a>
          </>
        }
        readOnlyText={canWrite ? undefined : shellMessages(lang).readOnly}
      />
      <WebhooksScreen
        key={companyId}
        companies={companies}
        companyId={companyId}
        canWrite={canWrite}
        actions={{
          create: createWebhookAction,
          update: updateWebhookAction,
          remove: deleteWebhookAction,
          rotateSecret: rotateWebhookSecretAction,
          sendTest: sendWebhookTestAction,
          redeliver: redeliverWebhookAction,
        }}
      />
    </>
  );
}
