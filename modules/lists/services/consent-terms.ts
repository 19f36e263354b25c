// Consent terms: admin-written HTML shown on the public form. It is sanitized when written (and terms stored before
// that rule by sanitizeStoredTerms at start-up), so no read path sanitizes: the public list cache serves it as stored.
import "server-only";
import { db, type Tx } from "@/lib/db";
import { sanitizeConsentHtml } from "@/lib/sanitize";

type TermRow = { id: number; name: string; html: string };

export const termView = (term: TermRow | null) => (term ? { id: term.id, name: term.name, html: term.html } : null);

/**
 * The list's term after an update naming `term`: the current one when name and (sanitized) text are unchanged,
 * otherwise a new term. A changed text is a new term: consents already given keep pointing at the text accepted.
 */
export async function termIdAfterUpdate(
  tx: Tx,
  companyId: string,
  current: TermRow | null,
  term: { name: string; html: string } | null,
): Promise<number | null> {
  if (!term) return null;
  const html = sanitizeConsentHtml(term.html);
  if (current && current.name === term.name && current.html === html) return current.id;
  return (await tx.term.create({ data: { companyId, name: term.name, html } })).id;
}

/** Sanitizes terms written before terms were sanitized on write; a no-op once done. Returns how many changed. */
export async function sanitizeStoredTerms(): Promise<number> {
  const terms = await db().term.findMany({ select: { id: true, html: true } });
  let changed = 0;
  for (const term of terms) {
    const html = sanitizeConsentHtml(term.html);
    if (html === term.html) continue;
    await db().term.update({ where: { id: term.id }, data: { html } });
    changed++;
  }
  return changed;
}
