// /admin/lists/<id>: the list editor (details, consent text with a live preview, questions, sharing, deletion).
// VIEWERs (no SUBSCRIPTION_LIST.U) see the same screen read-only.
import { ListEditor } from "@/modules/lists/components/list-editor";
import { requirePageCaller } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { createPropertyAction, deleteListAction, previewTermAction, updateListAction } from "../actions";
import { loadList } from "../load-list";

type Props = { params: Promise<{ id: string }> };

export default async function ListPage({ params }: Props) {
  const caller = await requirePageCaller();
  const list = await loadList(caller, (await params).id);
  const canWrite = caller.permissions.has("SUBSCRIPTION_LIST.U");
  return (
    <ListEditor
      initialList={list}
      canWrite={canWrite}
      defaultCap={env().SUBSCRIBER_CAP_DEFAULT}
      actions={{
        updateList: updateListAction,
        deleteList: deleteListAction,
        createProperty: createPropertyAction,
        previewTerm: previewTermAction,
      }}
    />
  );
}
