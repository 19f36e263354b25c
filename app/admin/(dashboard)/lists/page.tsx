// /admin/lists: the subscription lists in the caller's scope. VIEWERs (no SUBSCRIPTION_LIST.U) read only.
import { notFound } from "next/navigation";
import { ListsTable } from "@/components/admin/lists/lists-table";
import { ReadOnlyNote } from "@/components/admin/lists/read-only-note";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { listsMessages } from "@/lib/i18n/admin/lists";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { createListAction, updateListAction } from "./actions";

export default async function ListsPage() {
  const caller = await requirePageCaller();
  if (!caller.modules.has("subscription_list")) notFound();
  const lang = await adminLanguage();
  const t = listsMessages(lang);
  const canWrite = caller.permissions.has("SUBSCRIPTION_LIST.U");
  return (
    <>
      <h1 className="text-2xl font-semibold">{t.table.title}</h1>
      <p className="mb-4 mt-1 text-slate-700">{t.table.intro}</p>
      {!canWrite && <ReadOnlyNote text={shellMessages(lang).readOnly} />}
      <ListsTable canWrite={canWrite} createList={createListAction} updateList={updateListAction} />
    </>
  );
}

