"use server";
// The suppressed-addresses screen's writes, behind what the service asks (the list module, SUBSCRIPTION_LIST.U):
// lifting a suppression with a note for the audit log, and suppressing an address by hand.
import { action } from "@/lib/actions/action";
import { liftSuppression, suppressAddress } from "@/modules/sendouts/services/suppressions";
import { IntId } from "@/lib/validation/common";
import { LiftSuppressionRequest, SuppressAddressRequest } from "@/modules/sendouts/schemas/suppression";

const write = { auth: "session", module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" } as const;

export const liftSuppressionAction = action(
  { ...write, input: LiftSuppressionRequest.extend({ id: IntId }) },
  async ({ id, note }, { caller }) => liftSuppression(caller, id, note),
);

export const suppressAddressAction = action({ ...write, input: SuppressAddressRequest }, async (input, { caller }) =>
  suppressAddress(caller, input),
);
