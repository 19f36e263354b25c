// /admin/audit: the audit log for every signed-in role (the service limits it to the caller's scope).
import { AuditLog, type AuditFilters } from "@/modules/audit/components/audit-log";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { auditMessages } from "@/modules/audit/texts/audit";
import { AuditQuery } from "@/modules/audit/schemas/audit";
import { PageTitle } from "@/components/admin/ui/page-parts";

type SearchParams = Record<string, string | string[] | undefined>;

/** The filters in the address, each kept only if valid (a stale bookmark shows the log, not an error). */
function initialFilters(params: SearchParams): { filters: AuditFilters; page: number } {
  const one = (name: string) => {
    const value = params[name];
    return typeof value === "string" ? value : undefined;
  };
  const valid = (name: keyof AuditFilters | "page") => {
    const value = one(name);
    return value !== undefined && AuditQuery.safeParse({ [name]: value }).success ? value : undefined;
  };
  return {
    filters: {
      object_type: valid("object_type") ?? "",
      actor: valid("actor") ?? "",
      action: valid("action") ?? "",
      object_id: valid("object_id") ?? "",
    },
    page: Number(valid("page") ?? 1),
  };
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePageCaller();
  const t = auditMessages(await adminLanguage());
  const { filters, page } = initialFilters(await searchParams);
  return (
    <>
      <PageTitle title={t.title} intro={t.intro} />
      <AuditLog initialFilters={filters} initialPage={page} />
    </>
  );
}
