// 404 of every page without one of its own. Rendered per request: Next prerenders its default 404 at build time,
// without the CSP nonce, so that page's own CSP blocked every script it carried.
import Link from "next/link";
import { connection } from "next/server";
import { BilingualNotice } from "@/components/public/bilingual-notice";

export default async function PageNotFound() {
  await connection();
  return (
    <BilingualNotice title="pageNotFoundTitle" body="pageNotFoundBody">
      <Link
        href="/"
        className="inline-block text-blue-800 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
      >
        <span lang="sv">Till startsidan</span> · <span lang="en">To the start page</span>
      </Link>
    </BilingualNotice>
  );
}
