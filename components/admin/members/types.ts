// Shapes the member screens read: the API's own schemas, and the options route's answer (member-dashboard.ts).
import type { z } from "zod";
import type { CreateMemberRequest, ErasedMember, MemberPage, MemberView, UpdateMemberRequest } from "@/lib/validation/member";
import type { MemberScreenOptions } from "@/lib/validation/member-dashboard";
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

export function memberName(m: { firstname: string | null; lastname: string | null }, fallback: string): string {
  return [m.firstname, m.lastname].filter(Boolean).join(" ") || fallback;
}
