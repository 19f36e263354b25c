// /admin/leader-invitation?token=: an activity's leader, invited by mail, chooses a password. Looking at the page
// changes nothing (a mail scanner may open the link): only submitting the form uses the link up.
import type { Metadata } from "next";
import { chooseLanguageAction } from "@/app/admin/language-action";
import { AuthCard } from "@/modules/access/components/account/auth-card";
import { LeaderInvitationForm } from "@/modules/access/components/account/leader-invitation-form";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { leaderInvitationFor } from "@/modules/access/services/leader-accounts";
import { leaderInvitationMessages } from "@/modules/access/texts/leader-invitation";
import { acceptLeaderInvitationAction } from "./actions";

export const metadata: Metadata = { title: "Ledare · Förening service", robots: { index: false } };

export default async function LeaderInvitationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const lang = await adminLanguage();
  const t = leaderInvitationMessages(lang).accept;
  const { token } = await searchParams;
  const invitation = typeof token === "string" && token !== "" ? await leaderInvitationFor(token) : null;
  return (
    <AuthCard
      lang={lang}
      t={shellMessages(lang)}
      title={t.title}
      intro={invitation ? t.intro(invitation.name) : t.invalid}
      languageAction={chooseLanguageAction}
    >
      {invitation && typeof token === "string" ? (
        <LeaderInvitationForm
          lang={lang}
          token={token}
          email={invitation.email}
          action={acceptLeaderInvitationAction}
        />
      ) : null}
    </AuthCard>
  );
}
