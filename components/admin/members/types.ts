// Shapes the member screens read: the API's own schemas, and the options route's answer.
import type { z } from "zod";
import type { CreateMemberRequest, MemberPage, MemberView, UpdateMemberRequest } from "@/lib/validation/member";
import type { MemberTypeView, PeriodView, PropertyGroupView } from "@/lib/validation/organization";
import type { EventView } from "@/lib/validation/event";
import type { ActionResult } from "@/lib/actions/result";

export type Member = z.infer<typeof MemberView>;
export type MemberPageView = z.infer<typeof MemberPage>;
export type MemberRow = MemberPageView["members"][number];

export interface MemberOptions {
  companies: { company_id: string; name: string }[];
  periods: z.infer<typeof PeriodView>[];
  member_types: z.infer<typeof MemberTypeView>[];
  property_groups: z.infer<typeof PropertyGroupView>[];
  events: z.infer<typeof EventView>[];
}

/** The server actions the member screens call (passed down from the pages). */
export interface MemberActions {
  createMember: (input: z.input<typeof CreateMemberRequest>) => Promise<ActionResult<Member>>;
  updateMember: (input: z.input<typeof UpdateMemberRequest> & { id: number }) => Promise<ActionResult<Member>>;
  eraseMember: (input: { id: number }) => Promise<ActionResult<{ id: number; erased_at: string }>>;
}

export function memberName(m: { firstname: string | null; lastname: string | null }, fallback: string): string {
  return [m.firstname, m.lastname].filter(Boolean).join(" ") || fallback;
}
