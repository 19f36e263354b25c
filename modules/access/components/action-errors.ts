// The access screens' business-rule problems of a field (those the schema did not find), in the staff member's
// language; statuses and schema problems are handled by components/admin/action-errors.ts.
import type { AccessMessages } from "@/modules/access/texts/access";

/** A translated text for a business-rule problem of a field (one the schema did not find). */
export function businessRuleText(t: AccessMessages["errors"], field: string): string {
  if (field.startsWith("access.")) return t.beyondOwn;
  if (field === "email") return t.emailTaken;
  if (field === "company_id") return t.unknownCompany;
  return t.invalid;
}
