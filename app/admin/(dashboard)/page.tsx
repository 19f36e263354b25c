// /admin: the overview.
import { OverviewPanel } from "@/modules/overview/components/overview";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { shellMessages } from "@/lib/i18n/admin/shell";

export default async function OverviewPage() {
  await requirePageCaller();
  const t = shellMessages(await adminLanguage());
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold">{t.overview.title}</h1>
      <OverviewPanel />
    </>
  );
}
