// /activities/<company uuid>/<activity id>: a guardian signs a child up for one open activity (double opt-in).
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PageShell } from "@/components/public/page-shell";
import { pageLanguage } from "@/components/public/page-language";
import { SenderNote } from "@/components/public/sender-note";
import { NotFound } from "@/lib/errors";
import { ActivityFacts } from "@/modules/activities/components/public/activity-facts";
import { SignupForm } from "@/modules/activities/components/public/signup-form";
import { publicActivity } from "@/modules/activities/services/public-activities";
import { signupMessages } from "@/modules/activities/texts/signup-pages";
import { signupAction } from "./actions";

type Props = {
  params: Promise<{ uuid: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const loadActivity = cache(async (uuid: string, id: string) => {
  try {
    return await publicActivity(uuid, /^[0-9]{1,10}$/.test(id) ? Number(id) : 0);
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { uuid, id } = await params;
  const found = await publicActivity(uuid, /^[0-9]{1,10}$/.test(id) ? Number(id) : 0).catch(() => null);
  return {
    title: found ? `${found.activity.name} – ${found.organization.name}` : "Förening service",
    robots: { index: false },
  };
}

export default async function ActivitySignupPage({ params, searchParams }: Props) {
  const { uuid, id } = await params;
  const { organization, activity } = await loadActivity(uuid, id);
  const {
    lang,
    t: page,
    switchHref,
    switchLabel,
  } = await pageLanguage(`/activities/${uuid}/${id}`, await searchParams);
  const t = signupMessages(lang);
  return (
    <PageShell lang={lang} switchHref={switchHref} switchLabel={switchLabel}>
      <p className="text-sm">
        <Link
          href={`/activities/${uuid}?lang=${lang}`}
          className="text-blue-800 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
        >
          {t.backToList}
        </Link>
      </p>
      <p className="mt-4 text-sm font-medium text-slate-700 wrap-anywhere">{organization.name}</p>
      <h1 className="text-2xl font-semibold wrap-anywhere">{activity.name}</h1>
      {activity.description && <p className="mt-2 whitespace-pre-line text-slate-700">{activity.description}</p>}
      <ActivityFacts activity={activity} lang={lang} t={t} />
      <div className="mt-6">
        <SignupForm
          companyUuid={organization.uuid}
          activityId={activity.id}
          organizationName={organization.name}
          lang={lang}
          t={t}
          page={page}
          action={signupAction}
        />
      </div>
      <SenderNote organization={organization} t={{ ...page, senderBody: t.senderBody }} />
    </PageShell>
  );
}
