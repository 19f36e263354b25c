// The shapes the list screens read from /admin/api/lists/… and the server actions they are given by the pages:
// inferred from the schemas the services answer with (modules/lists/schemas/subscription*.ts). Client-safe.
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/result";
import type { PropertyGroupView } from "@/modules/companies/schemas/organization";
import type {
  AdminList,
  CreateListRequest,
  CreatePropertyRequest,
  DeletedList,
  MemberSubscriptionResult,
  SubscribersPage,
  UpdateListRequest,
} from "@/modules/lists/schemas/subscription";
import type {
  ConfirmationRequestResult,
  CreatedProperty,
  DashboardListRow,
  ListCompanyChoices as ListCompanyChoicesSchema,
  ListDeletionImpact,
  ListMemberMatch,
  TermPreview,
} from "@/modules/lists/schemas/dashboard";

export type ListView = z.infer<typeof AdminList>;
export type ListRow = z.infer<typeof DashboardListRow>;
export type SubscribersPageView = z.infer<typeof SubscribersPage>;
export type Subscriber = SubscribersPageView["subscribers"][number];
export type PropertyGroup = z.infer<typeof PropertyGroupView>;
export type MemberMatch = z.infer<typeof ListMemberMatch>;
export type ListCompanyChoices = z.infer<typeof ListCompanyChoicesSchema>;
export type DeletionImpact = z.infer<typeof ListDeletionImpact>;

/** The server actions of app/admin/(dashboard)/lists/actions.ts, handed down by the pages. */
export interface ListActions {
  createList: (input: z.input<typeof CreateListRequest>) => Promise<ActionResult<ListView>>;
  updateList: (input: z.input<typeof UpdateListRequest> & { id: number }) => Promise<ActionResult<ListView>>;
  deleteList: (input: { id: number }) => Promise<ActionResult<z.infer<typeof DeletedList>>>;
  createProperty: (
    input: z.input<typeof CreatePropertyRequest>,
  ) => Promise<ActionResult<z.infer<typeof CreatedProperty>>>;
  setSubscription: (input: {
    id: number;
    member_id: number;
    subscribed: boolean;
  }) => Promise<ActionResult<z.infer<typeof MemberSubscriptionResult>>>;
  previewTerm: (input: { html: string }) => Promise<ActionResult<z.infer<typeof TermPreview>>>;
  requestConfirmation: (input: {
    id: number;
    member_id: number;
  }) => Promise<ActionResult<z.infer<typeof ConfirmationRequestResult>>>;
}
