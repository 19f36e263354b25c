// /activities/<company uuid>: the club's activities open for sign-up, each with its ages, times, place and places.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PageShell } from "@/components/public/page-shell";
import { pageLanguage } from "@/components/public/page-language";
import { SenderNote } from "@/components/public/sender-note";
import { NotFound } from "@/lib/errors";
import { fill } from "@/lib/i18n/fill";
import { ActivityFacts } from "@/modules/activities/components/public/activity-facts";
import { publicActivities } from "@/modules/activities/services/public-activities";
import { signupMessages } from "@/modules/activities/texts/signup-pages";

type Props = {
  params: Promise<{ uuid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const loadClub = cache(async (uuid: string) => {
  try {
    return await publicActivities(uuid);
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { uuid } = await params;
  const club = await publicActivities(uuid).catch(() => null);
  return { title: club ? club.organization.name : "Förening service", robots: { index: false } };
}

export default async function ActivitiesPage({ params, searchParams }: Props) {
  const { uuid } = await params;
  const { organization, activities } = await loadClub(uuid);
  const { lang, t: page, switchHref, switchLabel } = await pageLanguage(`/activities/${uuid}`, await searchParams);
  const t = signupMessages(lang);
  return (
    <PageShell lang={lang} switchHref={switchHref} switchLabel={switchLabel}>
      <p className="text-sm font-medium text-slate-700 wrap-anywhere">{organization.name}</p>
      <h1 className="text-2xl font-semibold">{t.listTitle}</h1>
      <p className="mt-2 text-slate-700">{t.listIntro}</p>
      {activities.length === 0 ? (
        <p className="mt-6">{t.noneOpen}</p>
      ) : (
        <ul className="mt-6 space-y-6">
          {activities.map((activity) => (
            <li key={activity.id} className="rounded-lg border border-slate-200 p-4">
              <h2 className="text-lg font-semibold wrap-anywhere">{activity.name}</h2>
              <ActivityFacts activity={activity} lang={lang} t={t} />
              <Link
                href={`/activities/${uuid}/${activity.id}?lang=${lang}`}
                className="mt-3 inline-block font-semibold text-blue-800 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
              >
                {fill(t.signUpFor, { activity: activity.name })}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <SenderNote organization={organization} t={{ ...page, senderBody: t.senderBody }} />
    </PageShell>
  );
}
