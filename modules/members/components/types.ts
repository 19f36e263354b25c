// Shapes the member screens read: the API's own schemas, and the options route's answer (member-dashboard.ts).
import type { z } from "zod";
import type {
  CreateMemberRequest,
  ErasedMember,
  MemberPage,
  MemberView,
  UpdateMemberRequest,
} from "@/modules/members/schemas/member";
import type { MemberScreenOptions } from "@/modules/members/schemas/dashboard";
import type { ActionResult } from "@/lib/actions/result";

export type Member = z.infer<typeof MemberView>;
export type MemberPageView = z.infer<typeof MemberPage>;
export type MemberRow = MemberPageView["members"][number];

export type MemberOptions = z.infer<typeof MemberScreenOptions>;

/** The server actions the member screens call (passed down from the pages). */
export interface MemberActions {
  createMember: (input: z.input<typeof CreateMemberRequest>) => Promise<ActionResult<Member>>;
  updateMember: (input: z.input<typeof UpdateMemberRequest> & { id: number }) => Promise<ActionResult<Member>>;
  eraseMember: (input: { id: number }) => Promise<ActionResult<z.infer<typeof ErasedMember>>>;
}
