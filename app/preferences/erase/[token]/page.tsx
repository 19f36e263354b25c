// /preferences/erase/<token>: the link of the erasure confirmation message. Showing the page changes nothing; its
// button erases (the same erasure as DELETE /v3/member/{id}).
import type { Metadata } from "next";
import { eraseAction } from "@/app/preferences/actions";
import { ConfirmForm } from "@/components/public/confirm-form";
import { PageShell } from "@/components/public/page-shell";
import { pageLanguage } from "@/components/public/page-language";
import { preferenceMessages } from "@/modules/lists/texts/preferences";
import { erasureLinkIsValid } from "@/modules/lists/services/preferences";

export const metadata: Metadata = { robots: { index: false } };

type Props = {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function ErasePage({ params, searchParams }: Props) {
  const { token } = await params;
  const { t, ...language } = await pageLanguage(`/preferences/erase/${token}`, await searchParams);
  const p = preferenceMessages(language.lang);
  const valid = await erasureLinkIsValid(token);
  return (
    <PageShell
      {...language}
      heading={
        valid ? { title: p.eraseTitle, body: p.eraseBody } : { title: t.invalidLinkTitle, body: t.invalidLinkBody }
      }
    >
      {valid && (
        <ConfirmForm
          action={eraseAction}
          hidden={{ token }}
          button={p.eraseButton}
          done={{ title: p.erasedTitle, body: p.erasedBody }}
          t={t}
        />
      )}
    </PageShell>
  );
}
