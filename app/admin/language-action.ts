"use server";
// The dashboard's language switch: a preference cookie, set by POST (never by a GET link).
import { cookies } from "next/headers";
import { z } from "zod";
import { action } from "@/lib/actions/action";
import { ADMIN_LANG_COOKIE } from "@/lib/i18n/admin-language";
import { LANGUAGES } from "@/lib/i18n/lang";

const chooseLanguage = action(
  // No rate limit: it writes nothing but a cookie on the answer.
  { auth: "none", input: z.object({ lang: z.enum(LANGUAGES) }) },
  async ({ lang }) => {
    (await cookies()).set(ADMIN_LANG_COOKIE, lang, {
      path: "/admin",
      sameSite: "lax",
      httpOnly: true,
      maxAge: 365 * 24 * 3600,
    });
    return { lang };
  },
);

export async function chooseLanguageAction(form: FormData): Promise<void> {
  await chooseLanguage({ lang: String(form.get("lang")) as "sv" | "en" });
}
