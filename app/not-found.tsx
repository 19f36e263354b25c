// 404 of every page without one of its own. Rendered per request: Next prerenders its default 404 at build time,
// without the CSP nonce, so that page's own CSP blocked every script it carried.
import { connection } from "next/server";
import { BilingualNotice } from "@/components/public/bilingual-notice";

export default async function PageNotFound() {
  await connection();
  return <BilingualNotice title="pageNotFoundTitle" body="pageNotFoundBody" />;
}
