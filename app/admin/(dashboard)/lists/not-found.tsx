// A list that does not exist or lies outside the caller's scope (/admin/lists/<id> and its subscribers page).
import Link from "next/link";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { listsMessages } from "@/modules/lists/texts/lists";

export default async function ListNotFound() {
  const t = listsMessages(await adminLanguage()).notFound;
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-6">
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="mt-2 text-slate-700">{t.body}</p>
      <Link href="/admin/lists" className="mt-4 inline-block text-blue-800 underline hover:text-blue-950">
        {t.back}
      </Link>
    </div>
  );
}
