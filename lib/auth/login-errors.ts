/** The error codes the sign-in page can be told (next-auth passes a thrown Error's message through as `error`). */
export const LOGIN_ERRORS = { wrongCredentials: "CredentialsSignin", rateLimited: "RateLimited" } as const;
