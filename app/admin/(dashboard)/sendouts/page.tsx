// /admin/sendouts: the sendouts of one association in the caller's scope, with their figures.
import { SendoutsScreen } from "@/modules/sendouts/components/sendouts-screen";
import { NoAccess, PageTitle } from "@/components/admin/ui/page-parts";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { sendoutsMessages } from "@/modules/sendouts/texts/sendouts";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { companyChoices } from "@/modules/companies/services/directory";
import { initialCompanyChoice } from "@/modules/access/services/home-company";
import { listChoices } from "./load";

export default async function SendoutsPage({
  searchParams,
}: {
  searchParams: Promise<{ company_id?: string | string[] }>;
}) {
  const caller = await requirePageCaller();
  const lang = await adminLanguage();
  const t = sendoutsMessages(lang).list;
  if (!caller.modules.has("sendout")) return <NoAccess title={t.title} text={t.noAccess} />;
  const companies = await companyChoices(caller);
  const asked = (await searchParams).company_id;
  // The association in the address if it is one of the caller's; otherwise the caller's own.
  const companyId = (await initialCompanyChoice(caller, companies, asked))?.company_id ?? "";
  const canWrite = caller.permissions.has("SENDOUT.U");
  return (
    <>
      <PageTitle title={t.title} intro={t.intro} readOnlyText={canWrite ? undefined : shellMessages(lang).readOnly} />
      <SendoutsScreen
        companies={companies}
        companyId={companyId}
        lists={companyId ? await listChoices(caller, companyId) : []}
        canWrite={canWrite}
      />
    </>
  );
}
