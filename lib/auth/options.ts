// next-auth for the dashboard: email and password of an admin user (npm run cli -- admin:create), JWT sessions that
// expire, sign-in attempts limited per client IP and per account. The session carries only the user's id; rights
// are read fresh on every request (lib/auth/session.ts), so a deactivated user or a changed role takes effect at once.
import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "../env";
import { RateLimited } from "../errors";
import { clientIp } from "../http/client-ip";
import { consumeRateLimit } from "../http/rate-limit";
import { logger } from "../logger";
import { verifyAdminPassword } from "../services/admin-users";
import { siteUrl } from "../services/unsubscribe-links";
import { normalizeEmail } from "../validation/email";
import { LoginRequest } from "../validation/access";
import { LOGIN_ERRORS } from "./login-errors";

// next-auth v4 builds its URLs from NEXTAUTH_URL; without it it assumes http://localhost:3000.
process.env.NEXTAUTH_URL ??= siteUrl();

export function authOptions(): NextAuthOptions {
  const config = env();
  return {
    secret: config.NEXTAUTH_SECRET,
    session: { strategy: "jwt", maxAge: config.ADMIN_SESSION_MAX_AGE_SECONDS },
    jwt: { maxAge: config.ADMIN_SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/admin/login", error: "/admin/login" },
    providers: [
      CredentialsProvider({
        name: "email",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        async authorize(credentials, request) {
          const parsed = LoginRequest.safeParse(credentials ?? {});
          if (!parsed.success) return null;
          const headers = new Headers(request?.headers as Record<string, string> | undefined);
          try {
            await consumeRateLimit("login_ip", clientIp(headers, config.TRUST_PROXY_HOPS));
            await consumeRateLimit("login_account", normalizeEmail(parsed.data.email));
          } catch (error) {
            if (error instanceof RateLimited) throw new Error(LOGIN_ERRORS.rateLimited);
            throw error;
          }
          const user = await verifyAdminPassword(parsed.data.email, parsed.data.password);
          logger().info({ user: user ? user.id : null, ok: Boolean(user) }, "dashboard sign-in");
          return user ? { id: String(user.id), email: user.email, name: user.name } : null;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) token.uid = Number(user.id);
        return token;
      },
      async session({ session, token }) {
        return { ...session, uid: typeof token.uid === "number" ? token.uid : null };
      },
    },
  };
}
