// What an object's page (/admin/companies/[id], /admin/events/[id], /admin/members/[id]) reads before it renders:
// the caller, the object of the id in the address (the not-found page for a malformed id, an object outside the
// caller's scope or none at all), the staff member's language, and whether the caller may change the object.
import "server-only";
import { notFound } from "next/navigation";
import type { z } from "zod";
import { readOrNotFound, requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { shellMessages } from "@/lib/i18n/admin/shell";

type Caller = Awaited<ReturnType<typeof requirePageCaller>>;

export async function readObjectPage<I, T>(
  params: Promise<{ id: string }>,
  idSchema: z.ZodType<I>,
  read: (caller: Caller, id: I) => Promise<T>,
  /** The permission that lets the caller change the object, e.g. "EVENT.U". */
  writePermission: string,
) {
  const caller = await requirePageCaller();
  const parsed = idSchema.safeParse((await params).id);
  if (!parsed.success) notFound();
  const object = await readOrNotFound(() => read(caller, parsed.data));
  const lang = await adminLanguage();
  const canWrite = caller.permissions.has(writePermission);
  /** For PageTitle: the read-only banner when the caller may not change the object. */
  const readOnlyText = canWrite ? undefined : shellMessages(lang).readOnly;
  return { caller, object, lang, canWrite, readOnlyText };
}
