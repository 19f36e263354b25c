// /admin/members/[id]: one member of the caller's scope. Unknown, erased or out-of-scope members (and callers without
// the member module) get the not-found page, never the member's data.
import { PageTitle } from "@/components/admin/ui/page-parts";
import { MemberView } from "@/modules/members/components/member-view";
import { memberName } from "@/modules/members/texts/member-name";
import { membersMessages } from "@/modules/members/texts/members";
import { memberScreenOptions } from "@/modules/members/services/dashboard";
import { getMember } from "@/modules/members/services/members";
import { IntIdParam } from "@/lib/validation/common";
import { createMemberAction, eraseMemberAction, updateMemberAction } from "../actions";
import { readObjectPage } from "../../object-page";

export default async function MemberPage({ params }: { params: Promise<{ id: string }> }) {
  const {
    caller,
    object: member,
    lang,
    canWrite,
    readOnlyText,
  } = await readObjectPage(params, IntIdParam, getMember, "MEMBER.U");
  const t = membersMessages(lang);
  return (
    <>
      <PageTitle
        title={memberName(member, t.search.noName)}
        back={{ href: "/admin/members", label: t.member.back }}
        readOnlyText={readOnlyText}
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
