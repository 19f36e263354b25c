// /admin/companies: the company register in the caller's scope, as a table or a tree.
import { CompanyRegister } from "@/modules/companies/components/company-register";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { companiesMessages } from "@/modules/companies/texts/companies";
import { NoAccess, PageTitle } from "@/components/admin/ui/page-parts";

export default async function CompaniesPage({ searchParams }: { searchParams: Promise<{ view?: string | string[] }> }) {
  const caller = await requirePageCaller();
  const t = companiesMessages(await adminLanguage()).register;
  const { view } = await searchParams;
  if (!caller.modules.has("company")) return <NoAccess title={t.title} text={t.noAccess} />;
  return (
    <>
      <PageTitle title={t.title} intro={t.intro} />
      <CompanyRegister initialView={view === "tree" ? "tree" : "table"} />
    </>
  );
}
