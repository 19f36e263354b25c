// /admin/companies/[id]: one company of the caller's scope. Unknown, deleted or out-of-scope companies (and callers
// without the company module) get the not-found page, never the company's data.
import Link from "next/link";
import { notFound } from "next/navigation";
import { CompanyView } from "@/components/admin/companies/company-view";
import { requirePageCaller } from "@/lib/auth/session";
import { Forbidden, NotFound } from "@/lib/errors";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { companiesMessages } from "@/lib/i18n/admin/companies";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { getCompanyDetail } from "@/lib/services/companies";
import { CompanyId } from "@/lib/validation/common";
import { activateGrantAction, changeFkStatusAction, checkProviderStatusAction, setLeisureCardKeyAction } from "../actions";

async function companyOrNull(...args: Parameters<typeof getCompanyDetail>) {
  try {
    return await getCompanyDetail(...args);
  } catch (error) {
    if (error instanceof NotFound || error instanceof Forbidden) return null;
    throw error;
  }
}

export default async function CompanyPage({ params }: { params: Promise<{ id: string }> }) {
  const caller = await requirePageCaller();
  const { id } = await params;
  const company = CompanyId.safeParse(id).success ? await companyOrNull(caller, id) : null;
  if (!company) notFound();
  const lang = await adminLanguage();
  const t = companiesMessages(lang);
  const canWrite = caller.permissions.has("COMPANY.U");
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/companies" className="text-blue-800 underline hover:text-blue-950">
          <span aria-hidden="true">← </span>
          {t.company.back}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">{company.name}</h1>
      <p className="mb-6 text-slate-700">{company.org_number}</p>
      {!canWrite && (
        <p role="note" className="mb-6 rounded-md border border-slate-400 bg-slate-100 p-3 text-slate-900" data-testid="read-only">
          {shellMessages(lang).readOnly}
        </p>
      )}
      <CompanyView
        initial={company}
        canWrite={canWrite}
        actions={{
          changeFkStatus: changeFkStatusAction,
          activateGrant: activateGrantAction,
          setLeisureCardKey: setLeisureCardKeyAction,
          checkProviderStatus: checkProviderStatusAction,
        }}
      />
    </>
  );
}
