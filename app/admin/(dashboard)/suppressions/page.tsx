// /admin/suppressions: the addresses an association's sendouts skip. The suppressions belong to the lists' module
// (the service asks for it, and SUBSCRIPTION_LIST.U to change them).
import { SuppressionsScreen } from "@/modules/sendouts/components/suppressions-screen";
import { NoAccess, PageTitle } from "@/components/admin/ui/page-parts";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { suppressionsMessages } from "@/modules/sendouts/texts/suppressions";
import { companyChoices } from "@/modules/companies/services/directory";
import { initialCompanyChoice } from "@/modules/access/services/home-company";
import { liftSuppressionAction, suppressAddressAction } from "./actions";

export default async function SuppressionsPage({
  searchParams,
}: {
  searchParams: Promise<{ company_id?: string | string[] }>;
}) {
  const caller = await requirePageCaller();
  const lang = await adminLanguage();
  const t = suppressionsMessages(lang);
  if (!caller.modules.has("subscription_list")) return <NoAccess title={t.title} text={t.noAccess} />;
  const companies = await companyChoices(caller);
  const asked = (await searchParams).company_id;
  const companyId = (await initialCompanyChoice(caller, companies, asked))?.company_id ?? "";
  const canWrite = caller.permissions.has("SUBSCRIPTION_LIST.U");
  return (
    <>
      <PageTitle title={t.title} intro={t.intro} readOnlyText={canWrite ? undefined : shellMessages(lang).readOnly} />
      <SuppressionsScreen
        key={companyId}
        companies={companies}
        companyId={companyId}
        canWrite={canWrite}
        actions={{ liftSuppression: liftSuppressionAction, suppressAddress: suppressAddressAction }}
      />
    </>
  );
}
