// /admin/companies/[id]: one company of the caller's scope. Unknown, deleted or out-of-scope companies (and callers
// without the company module) get the not-found page, never the company's data.
import { PageTitle } from "@/components/admin/ui/page-parts";
import { notFound } from "next/navigation";
import { CompanyView } from "@/components/admin/companies/company-view";
import { readOrNotFound, requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { companiesMessages } from "@/lib/i18n/admin/companies";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { getCompanyDetail } from "@/lib/services/companies";
import { CompanyId } from "@/lib/validation/common";
import { activateGrantAction, changeFkStatusAction, checkProviderStatusAction, setLeisureCardKeyAction } from "../actions";

export default async function CompanyPage({ params }: { params: Promise<{ id: string }> }) {
  const caller = await requirePageCaller();
  const { id } = await params;
  if (!CompanyId.safeParse(id).success) notFound();
  const company = await readOrNotFound(() => getCompanyDetail(caller, id));
  const lang = await adminLanguage();
  const t = companiesMessages(lang);
  const canWrite = caller.permissions.has("COMPANY.U");
  return (
    <>
      <PageTitle
        title={company.name}
        intro={company.org_number}
        back={{ href: "/admin/companies", label: t.company.back }}
        readOnlyText={canWrite ? undefined : shellMessages(lang).readOnly}
      />
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
