// /admin/members/[id]: one member of the caller's scope. Unknown, erased or out-of-scope members (and callers without
// the member module) get the not-found page, never the member's data.
import { PageTitle } from "@/components/admin/ui/page-parts";
import { notFound } from "next/navigation";
import { MemberView } from "@/components/admin/members/member-view";
import { memberName } from "@/components/admin/members/types";
import { readOrNotFound, requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { membersMessages } from "@/lib/i18n/admin/members";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { memberScreenOptions } from "@/lib/services/member-dashboard";
import { getMember } from "@/lib/services/members";
import { IntIdParam } from "@/lib/validation/subscription";
import { createMemberAction, eraseMemberAction, updateMemberAction } from "../actions";

export default async function MemberPage({ params }: { params: Promise<{ id: string }> }) {
  const caller = await requirePageCaller();
  const parsed = IntIdParam.safeParse((await params).id);
  if (!parsed.success) notFound();
  const id = parsed.data;
  const member = await readOrNotFound(() => getMember(caller, id));
  const lang = await adminLanguage();
  const t = membersMessages(lang);
  const canWrite = caller.permissions.has("MEMBER.U");
  return (
    <>
      <PageTitle
        title={memberName(member, t.search.noName)}
        back={{ href: "/admin/members", label: t.member.back }}
        readOnlyText={canWrite ? undefined : shellMessages(lang).readOnly}
      />
      <MemberView
        member={member}
        options={await memberScreenOptions(caller)}
        canWrite={canWrite}
        actions={{ createMember: createMemberAction, updateMember: updateMemberAction, eraseMember: eraseMemberAction }}
      />
    </>
  );
}
