// /admin/members/new: add a member (MEMBER.U); others get the not-found page.
import { PageTitle } from "@/components/admin/ui/page-parts";
import { notFound } from "next/navigation";
import { MemberForm } from "@/modules/members/components/member-form";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { membersMessages } from "@/modules/members/texts/members";
import { memberScreenOptions } from "@/modules/members/services/dashboard";
import { createMemberAction, updateMemberAction } from "../actions";

export default async function NewMemberPage() {
  const caller = await requirePageCaller();
  if (!caller.modules.has("member") || !caller.permissions.has("MEMBER.U")) notFound();
  const t = membersMessages(await adminLanguage());
  return (
    <>
      <PageTitle title={t.form.newTitle} back={{ href: "/admin/members", label: t.member.back }} />
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <MemberForm
          member={null}
          options={await memberScreenOptions(caller)}
          actions={{ createMember: createMemberAction, updateMember: updateMemberAction }}
        />
      </div>
    </>
  );
}
