// /subscribe/<list_uuid>: the hosted subscribe form of an active list.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PageShell } from "@/components/public/page-shell";
import { pageLanguage } from "@/components/public/page-language";
import { SenderNote } from "@/components/public/sender-note";
import { SubscribeForm } from "@/modules/lists/components/public/subscribe-form";
import { NotFound } from "@/lib/errors";
import { loadPublicList } from "@/modules/lists/services/public-lists";
import { subscribeAction } from "./actions";

type Props = {
  params: Promise<{ uuid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// generateMetadata and the page both need the list: one query per request. The list is the public list cache's
// object, whose info the hosted-page templates key on (lib/cache/hosted-page-cache.ts).
const listInfo = cache(loadPublicList);

async function loadList(uuid: string) {
  try {
    return await listInfo(uuid);
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { uuid } = await params;
  const list = await listInfo(uuid).catch(() => null);
  return {
    title: list ? `${list.info.name} – ${list.organization.name}` : "Förening service",
    robots: { index: false },
  };
}

export default async function SubscribePage({ params, searchParams }: Props) {
  const { uuid } = await params;
  const { info: list, organization, consentRequired } = await loadList(uuid);
  const { lang, t, switchHref, switchLabel } = await pageLanguage(`/subscribe/${uuid}`, await searchParams);
  return (
    <PageShell lang={lang} switchHref={switchHref} switchLabel={switchLabel}>
      {list.show_image && list.image_url && (
        // A plain img: list images are admin-chosen URLs on other hosts, outside next/image's allowlist.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={list.image_url} alt="" className="mb-4 max-h-56 w-full rounded-lg object-cover" />
      )}
      <p className="text-sm font-medium text-slate-700 wrap-anywhere">{organization.name}</p>
      <h1 className="text-2xl font-semibold wrap-anywhere">{list.name}</h1>
      {list.description && <p className="mt-2 whitespace-pre-line text-slate-700">{list.description}</p>}
      <div className="mt-6">
        <SubscribeForm
          listUuid={list.uuid}
          listName={list.name}
          organizationName={organization.name}
          fields={list.fields}
          questions={list.questions}
          term={list.term}
          consentRequired={consentRequired}
          lang={lang}
          t={t}
          action={subscribeAction}
        />
      </div>
      <SenderNote organization={organization} t={t} />
    </PageShell>
  );
}
