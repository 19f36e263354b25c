"use client";
// Small pieces the list screens share: the data shapes they read, the action props they receive from the pages,
// a debounced value, translated failure texts, a copy button and the scrollable table frame.
import { toast } from "sonner";
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/result";
import type {
  AdminList,
  CreateListRequest,
  CreatePropertyRequest,
  SubscribersPage,
  SubscriptionView,
  UpdateListRequest,
} from "@/lib/validation/subscription";
import { secondaryButtonClass } from "../ui/styles";

export type ListView = z.infer<typeof AdminList>;
export type ListRow = ListView & { company_name: string };
export type SubscribersPageView = z.infer<typeof SubscribersPage>;
export type Subscriber = SubscribersPageView["subscribers"][number];

export interface PropertyGroup {
  id: number;
  name: string;
  descr: string | null;
  properties: { prop_id: number; name: string; descr: string }[];
}

export interface MemberMatch {
  member_id: number;
  email: string;
  firstname: string | null;
  lastname: string | null;
  is_subscribed: boolean;
}

/** The server actions of app/admin/(dashboard)/lists/actions.ts, handed down by the pages. */
export interface ListActions {
  createList: (input: z.input<typeof CreateListRequest>) => Promise<ActionResult<ListView>>;
  updateList: (input: z.input<typeof UpdateListRequest> & { id: number }) => Promise<ActionResult<ListView>>;
  deleteList: (input: { id: number }) => Promise<ActionResult<{ id: number; deleted: true }>>;
  createProperty: (
    input: z.input<typeof CreatePropertyRequest>,
  ) => Promise<ActionResult<{ prop_id: number; name: string; descr: string; group_id: number; group_name: string }>>;
  setSubscription: (input: {
    id: number;
    member_id: number;
    subscribed: boolean;
  }) => Promise<ActionResult<{ member_id: number; subscription: z.infer<typeof SubscriptionView> | null }>>;
  previewTerm: (input: { html: string }) => Promise<ActionResult<{ html: string }>>;
}

export function CopyButton({ text, label, done, failed }: { text: string; label: string; done: string; failed: string }) {
  return (
    <button
      type="button"
      className={secondaryButtonClass}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => toast.success(done),
          () => toast.error(failed),
        );
      }}
    >
      {label}
    </button>
  );
}
