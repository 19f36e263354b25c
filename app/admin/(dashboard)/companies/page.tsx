// /admin/companies: the company register in the caller's scope, as a table or a tree.
import { CompanyRegister } from "@/components/admin/companies/company-register";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { companiesMessages } from "@/lib/i18n/admin/companies";

export default async function CompaniesPage({ searchParams }: { searchParams: Promise<{ view?: string | string[] }> }) {
  const caller = await requirePageCaller();
  const t = companiesMessages(await adminLanguage()).register;
  const { view } = await searchParams;
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t.title}</h1>
      {caller.modules.has("company") ? (
        <>
          <p className="mb-6 max-w-3xl text-slate-700">{t.intro}</p>
          <CompanyRegister initialView={view === "tree" ? "tree" : "table"} />
        </>
      ) : (
        <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-4 text-amber-950">
          {t.noAccess}
        </p>
      )}
    </>
  );
}
