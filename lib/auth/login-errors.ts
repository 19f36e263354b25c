/** The error codes the sign-in page can be told (next-auth passes a thrown Error's message through as `error`). */
export const LOGIN_ERRORS = {
  wrongCredentials: "CredentialsSignin",
  rateLimited: "RateLimited",
  /** The password was right and the account has two-factor sign-in: ask for a code (no session exists yet). */
  codeRequired: "TwoFactorRequired",
  wrongCode: "TwoFactorInvalid",
} as const;
