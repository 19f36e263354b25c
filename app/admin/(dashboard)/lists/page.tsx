// /admin/lists: the subscription lists in the caller's scope. VIEWERs (no SUBSCRIPTION_LIST.U) read only.
import { notFound } from "next/navigation";
import { ListsTable } from "@/modules/lists/components/lists-table";
import { PageTitle } from "@/components/admin/ui/page-parts";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { listsMessages } from "@/modules/lists/texts/lists";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { homeCompanyId } from "@/modules/access/services/home-company";
import { findLiveCompany } from "@/lib/live-records";
import { createListAction, updateListAction } from "./actions";

export default async function ListsPage() {
  const caller = await requirePageCaller();
  if (!caller.modules.has("subscription_list")) notFound();
  const lang = await adminLanguage();
  const t = listsMessages(lang);
  const canWrite = caller.permissions.has("SUBSCRIPTION_LIST.U");
  const homeId = canWrite ? await homeCompanyId(caller) : null;
  const home = homeId ? await findLiveCompany(homeId) : null;
  return (
    <>
      <PageTitle
        title={t.table.title}
        intro={t.table.intro}
        readOnlyText={canWrite ? undefined : shellMessages(lang).readOnly}
      />
      <ListsTable
        canWrite={canWrite}
        createList={createListAction}
        updateList={updateListAction}
        homeCompany={home && { company_id: home.id, name: home.name, org_number: home.orgNumber }}
      />
    </>
  );
}
