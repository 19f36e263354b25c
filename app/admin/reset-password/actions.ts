"use server";
// The password reset pages' writes, for signed-out staff: asking for a link (the service limits per address and per
// client address, and answers the same whether the address has an account) and setting the new password.
import { action } from "@/lib/actions/action";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { requestStaffPasswordReset, resetStaffPassword } from "@/modules/access/services/staff-password-reset";
import { PasswordResetConfirmRequest, PasswordResetRequest } from "@/modules/access/schemas/staff-auth";

export const requestPasswordResetAction = action(
  { auth: "none", input: PasswordResetRequest },
  async (input, { ip }) => {
    // The mail goes out after the answer: the answer takes as long for an unknown address as for a known one.
    await requestStaffPasswordReset({ email: input.email, lang: await adminLanguage(), ip });
    return { sent: true as const };
  },
);

export const resetPasswordAction = action(
  { auth: "none", input: PasswordResetConfirmRequest, rateLimit: "public_post" },
  async (input) => {
    await resetStaffPassword(input);
    return { reset: true as const };
  },
);
