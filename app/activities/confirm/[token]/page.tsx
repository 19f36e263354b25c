// /activities/confirm/<token>: the link of the hosted sign-up's double opt-in message. Showing the page changes
// nothing (mail scanners open links); its one button confirms, without JavaScript too. Once confirmed, the page says
// whether the child got a place or a waitlist spot.
import type { Metadata } from "next";
import { ConfirmForm } from "@/components/public/confirm-form";
import { PageShell } from "@/components/public/page-shell";
import { pageLanguage } from "@/components/public/page-language";
import { fill } from "@/lib/i18n/fill";
import { signupConfirmationPage } from "@/modules/activities/services/signup";
import { signupMessages } from "@/modules/activities/texts/signup-pages";
import { confirmSignupAction } from "./actions";

export const metadata: Metadata = { robots: { index: false } };

type Props = {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function ConfirmSignupPage({ params, searchParams }: Props) {
  const { token } = await params;
  const { t: page, ...language } = await pageLanguage(`/activities/confirm/${token}`, await searchParams);
  const t = signupMessages(language.lang);
  const state = await signupConfirmationPage(token);
  if (!("child" in state)) {
    const heading =
      state.state === "expired"
        ? { title: t.expiredTitle, body: t.expiredBody }
        : { title: page.invalidLinkTitle, body: t.invalidBody };
    return <PageShell {...language} heading={heading} />;
  }
  const names = { child: state.child, activity: state.activity, email: state.email };
  const outcome = state.status === "WAITLIST" ? t.waitlistBody : state.status === "LEFT" ? t.leftBody : t.enrolledBody;
  const heading =
    state.state === "pending"
      ? { title: t.confirmTitle, body: fill(t.confirmBody, names) }
      : { title: t.confirmedTitle, body: fill(outcome, names) };
  // The heading drawn here rather than by PageShell: the sentence carries an address, which must wrap on a phone.
  return (
    <PageShell {...language}>
      <h1 className="text-2xl font-semibold">{heading.title}</h1>
      <p className="mb-6 mt-2 text-slate-700 wrap-anywhere">{heading.body}</p>
      {state.state === "pending" && (
        <ConfirmForm
          action={confirmSignupAction}
          hidden={{ token }}
          button={fill(t.confirmButton, names)}
          done={{ title: t.confirmedTitle, body: "" }}
          t={page}
        />
      )}
    </PageShell>
  );
}
