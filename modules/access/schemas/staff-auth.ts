// Staff password reset and two-factor sign-in: the forms' schemas, shared by the pages and the services. Imports
// nothing from the server.
import { z } from "zod";
import { LoginRequest, Password } from "./access";

/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** How many recovery codes a staff member gets when two-factor sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;

/** A code from the authenticator app (6 digits) or a recovery code (xxxx-xxxx-xxxx-xxxx); spaces are ignored. */
const SecondFactorCode = z
  .string({ error: "required" })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().min(1, { error: "required" }).max(40, { error: "must be at most 40 characters" }));

/** The sign-in form: a second factor only once the password was accepted and the account asks for one. */
export const TwoFactorLoginRequest = LoginRequest.extend({ code: SecondFactorCode.optional() });

export const PasswordResetRequest = LoginRequest.pick({ email: true });

export const PasswordResetConfirmRequest = z.object({
  token: z.string({ error: "required" }).min(1, { error: "required" }).max(200),
  password: Password,
});

export const ConfirmTwoFactorRequest = z.object({
  code: z
    .string({ error: "required" })
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, { error: "must be 6 digits" })),
});

/** Turning two-factor sign-in off: a current code (or a recovery code), or the password. */
export const DisableTwoFactorRequest = z
  .object({ code: SecondFactorCode.optional(), password: z.string().max(200).optional() })
  .refine((v) => Boolean(v.code) || Boolean(v.password), { error: "required", path: ["code"] });
