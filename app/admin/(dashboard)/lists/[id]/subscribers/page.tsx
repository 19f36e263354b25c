// /admin/lists/<id>/subscribers: search, filter and page through a list's subscribers, export them as CSV, and (with
// SUBSCRIPTION_LIST.U) unsubscribe them, one or many at once, or subscribe a member of the association.
import { SubscribersPanel } from "@/modules/lists/components/subscribers-panel";
import { requirePageCaller } from "@/lib/auth/session";
import { bulkUnsubscribeAction, requestConfirmationAction, setSubscriptionAction } from "../../actions";
import { loadList } from "../../load-list";

type Props = { params: Promise<{ id: string }> };

export default async function SubscribersPage({ params }: Props) {
  const caller = await requirePageCaller();
  const list = await loadList(caller, (await params).id);
  return (
    <SubscribersPanel
      list={list}
      canWrite={caller.permissions.has("SUBSCRIPTION_LIST.U")}
      setSubscription={setSubscriptionAction}
      requestConfirmation={requestConfirmationAction}
      bulkUnsubscribe={bulkUnsubscribeAction}
    />
  );
}
