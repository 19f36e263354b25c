// /activities/cancel/<token>: the cancel link of a confirmed sign-up. Showing the page changes nothing; its button
// cancels (the child leaves, the place goes to the waitlist's first), without JavaScript too.
import type { Metadata } from "next";
import { ConfirmForm } from "@/components/public/confirm-form";
import { PageShell } from "@/components/public/page-shell";
import { pageLanguage } from "@/components/public/page-language";
import { fill } from "@/lib/i18n/fill";
import { signupCancelPage } from "@/modules/activities/services/signup-cancel";
import { signupMessages } from "@/modules/activities/texts/signup-pages";
import { cancelSignupAction } from "./actions";

export const metadata: Metadata = { robots: { index: false } };

type Props = {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function CancelSignupPage({ params, searchParams }: Props) {
  const { token } = await params;
  const { t: page, ...language } = await pageLanguage(`/activities/cancel/${token}`, await searchParams);
  const t = signupMessages(language.lang);
  const state = await signupCancelPage(token);
  if (state.state === "invalid")
    return <PageShell {...language} heading={{ title: page.invalidLinkTitle, body: t.invalidBody }} />;
  const names = { child: state.child, activity: state.activity };
  const heading =
    state.state === "pending"
      ? { title: t.cancelTitle, body: fill(t.cancelBody, names) }
      : { title: t.cancelledTitle, body: fill(t.cancelledBody, names) };
  return (
    <PageShell {...language} heading={heading}>
      {state.state === "pending" && (
        <ConfirmForm
          action={cancelSignupAction}
          hidden={{ token }}
          button={fill(t.cancelButton, names)}
          done={{ title: t.cancelledTitle, body: fill(t.cancelledBody, names) }}
          t={page}
        />
      )}
    </PageShell>
  );
}
