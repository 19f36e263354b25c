// The company page's 404, inside the dashboard frame: unknown, deleted or outside the staff member's scope.
import Link from "next/link";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { companiesMessages } from "@/modules/companies/texts/companies";

export default async function CompanyNotFound() {
  const t = companiesMessages(await adminLanguage()).company;
  return (
    <>
      <h1 className="text-2xl font-semibold">{t.notFoundTitle}</h1>
      <p className="mt-2 text-slate-700">{t.notFoundBody}</p>
      <p className="mt-4">
        <Link href="/admin/companies" className="text-blue-800 underline hover:text-blue-950">
          {t.back}
        </Link>
      </p>
    </>
  );
}
