// /admin/imports: import members into a company or subscribers into a list from a CSV or .xlsx file (docs/api.md "Import").
// The screen talks to the import service through the dashboard's data routes (modules/imports/operations/dashboard.ts);
// the service checks the module, permission and scope of each import's kind.
import { ImportsScreen } from "@/modules/imports/components/imports-screen";
import { NoAccess, PageTitle } from "@/components/admin/ui/page-parts";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { importsMessages } from "@/modules/imports/texts/imports";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { companyChoices } from "@/modules/companies/services/directory";
import { initialCompanyChoice } from "@/modules/access/services/home-company";
import { importPeriod } from "@/modules/imports/services/membership";
import { listListsOfCompany } from "@/modules/lists/services/lists";

export default async function ImportsPage({
  searchParams,
}: {
  searchParams: Promise<{ company_id?: string | string[] }>;
}) {
  const caller = await requirePageCaller();
  const lang = await adminLanguage();
  const t = importsMessages(lang);
  const kinds = [
    ...(caller.modules.has("member") ? (["MEMBER"] as const) : []),
    ...(caller.modules.has("subscription_list") ? (["SUBSCRIBER"] as const) : []),
  ];
  if (kinds.length === 0) return <NoAccess title={t.title} text={t.noAccess} />;
  const writableKinds = kinds.filter((kind) =>
    caller.permissions.has(kind === "MEMBER" ? "MEMBER.U" : "SUBSCRIPTION_LIST.U"),
  );
  const companies = await companyChoices(caller);
  const asked = (await searchParams).company_id;
  const companyId = (await initialCompanyChoice(caller, companies, asked))?.company_id ?? "";
  // What a member import does about memberships, said before the upload (imports-membership.ts).
  const period = writableKinds.includes("MEMBER") && companyId ? await importPeriod(companyId) : null;
  const lists =
    kinds.includes("SUBSCRIBER") && companyId
      ? (await listListsOfCompany(caller, companyId)).map((list) => ({ id: list.id, name: list.name }))
      : [];
  return (
    <>
      <PageTitle
        title={t.title}
        intro={t.intro}
        readOnlyText={writableKinds.length ? undefined : shellMessages(lang).readOnly}
      />
      {/* No key by company: choosing the company after the file keeps the file and the kind (the screen's state). */}
      <ImportsScreen companies={companies} companyId={companyId} lists={lists} period={period} kinds={writableKinds} />
    </>
  );
}
