// The dashboard's language: the staff member's choice (a cookie set by the language switch), else the browser's
// Accept-Language, else Swedish.
import "server-only";
import { cookies, headers } from "next/headers";
import { pickLanguage, type Lang } from "./lang";

export const ADMIN_LANG_COOKIE = "admin_lang";

export async function adminLanguage(): Promise<Lang> {
  const chosen = (await cookies()).get(ADMIN_LANG_COOKIE)?.value;
  return pickLanguage(chosen, (await headers()).get("accept-language"));
}
