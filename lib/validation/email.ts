/** The one form an email is stored and compared in: trimmed and lower-cased (unique per organization). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
