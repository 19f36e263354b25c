// /admin/companies/[id]: one company of the caller's scope. Unknown, deleted or out-of-scope companies (and callers
// without the company module) get the not-found page, never the company's data.
import { PageTitle } from "@/components/admin/ui/page-parts";
import { CompanyView } from "@/modules/companies/components/company-view";
import { companiesMessages } from "@/modules/companies/texts/companies";
import { getCompanyDetail } from "@/modules/companies/services/companies";
import { CompanyId } from "@/lib/validation/common";
import {
  activateGrantAction,
  changeFkStatusAction,
  checkProviderStatusAction,
  setLeisureCardKeyAction,
} from "../actions";
import { readObjectPage } from "../../object-page";

export default async function CompanyPage({ params }: { params: Promise<{ id: string }> }) {
  const {
    object: company,
    lang,
    canWrite,
    readOnlyText,
  } = await readObjectPage(params, CompanyId, getCompanyDetail, "COMPANY.U");
  const t = companiesMessages(lang);
  return (
    <>
      <PageTitle
        title={company.name}
        intro={company.org_number}
        back={{ href: "/admin/companies", label: t.company.back }}
        readOnlyText={readOnlyText}
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
