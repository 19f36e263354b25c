// next-auth for the dashboard: email and password of an admin user (npm run cli -- admin:create), JWT sessions that
// expire, failed sign-ins throttled per (account, address), per address and per account (docs/dashboard.md, "Admin dashboard").
// The session carries only the user's id and its session's id (modules/access/services/admin-sessions.ts); rights are read fresh
// on every request (lib/auth/session.ts), so a deactivated user or a changed role takes effect at once.
import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "../env";
import { RateLimited } from "../errors";
import { clientIp } from "../http/client-ip";
import { consumeRateLimit, refundRateLimit, resetRateLimit } from "../http/rate-limit";
import { logger } from "../logger";
import { adminSessionLive, endAdminSession, startAdminSession } from "@/modules/access/services/admin-sessions";
import { verifyAdminPassword } from "@/modules/access/services/admin-users";
import { siteUrl } from "@/modules/lists/services/unsubscribe-links";
import { normalizeEmail } from "../validation/email";
import { verifySecondFactor } from "@/modules/access/services/staff-two-factor";
import { TwoFactorLoginRequest } from "@/modules/access/schemas/staff-auth";
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
    // next-auth's own sign-out page in the dashboard's blue: its default button (white on #1a7eff) fails WCAG contrast.
    theme: { colorScheme: "light", brandColor: "#1e40af", buttonText: "#ffffff" },
    providers: [
      CredentialsProvider({
        name: "email",
        credentials: { email: { type: "email" }, password: { type: "password" }, code: { type: "text" } },
        async authorize(credentials, request) {
          const parsed = TwoFactorLoginRequest.safeParse(
            credentials?.code ? credentials : { ...credentials, code: undefined },
          );
          if (!parsed.success) return null;
          const headers = new Headers(request?.headers as Record<string, string> | undefined);
          const ip = clientIp(headers, config.TRUST_PROXY_HOPS);
          const email = normalizeEmail(parsed.data.email);
          // An IP holds no "/", so the key names one (address, account) pair whatever the email holds.
          const pair = `${ip}/${email}`;
          try {
            // One at a time, so an attempt refused for its pair or its address spends nothing of the account's
            // budget: a guesser who keeps trying at one address cannot use it up and lock the owner out.
            await consumeRateLimit("login_pair", pair);
            await consumeRateLimit("login_ip", ip);
            await consumeRateLimit("login_account", email);
          } catch (error) {
            if (error instanceof RateLimited) throw new Error(LOGIN_ERRORS.rateLimited);
            throw error;
          }
          // Spent before the password is checked (atomically, so parallel guesses cannot all pass a check first),
          // and given back when it was right: only failures count, and success at an address clears its record.
          const refund = () =>
            Promise.all([
              resetRateLimit("login_pair", pair),
              refundRateLimit("login_ip", ip),
              refundRateLimit("login_account", email),
            ]);
          const user = await verifyAdminPassword(parsed.data.email, parsed.data.password);
          // Two-factor sign-in: a right password alone makes no session. Without a code the form is told to ask for one
          // (the password was right: nothing is counted); a wrong code counts like a wrong password.
          if (user?.twoFactor) {
            if (!parsed.data.code) {
              await refund();
              throw new Error(LOGIN_ERRORS.codeRequired);
            }
            // Codes are counted per account on a budget of their own: the refund above (a right password without a
            // code) clears the pair's record, so with only the password limits a guesser who knows the password could
            // alternate a wrong code with no code and keep guessing. Spent first, given back when the code was right.
            try {
              await consumeRateLimit("login_second_factor", String(user.id));
            } catch (error) {
              if (error instanceof RateLimited) throw new Error(LOGIN_ERRORS.rateLimited);
              throw error;
            }
            if (!(await verifySecondFactor(user.id, parsed.data.code))) {
              logger().info({ user: user.id, ok: false }, "dashboard sign-in: wrong second factor");
              throw new Error(LOGIN_ERRORS.wrongCode);
            }
            await refundRateLimit("login_second_factor", String(user.id));
          }
          if (user) {
            await refund();
          }
          logger().info({ user: user ? user.id : null, ok: Boolean(user) }, "dashboard sign-in");
          return user ? { id: String(user.id), email: user.email, name: user.name } : null;
        },
      }),
    ],
    callbacks: {
      // Where a sign-in or sign-out sends the browser (callbackUrl): only somewhere on this site. next-auth's default
      // answered 500 when `new URL` threw on a malformed one (a port of "3666.evil.example"); resolving against the
      // site and comparing origins also refuses `//host`, `/\host` and `javascript:`, which all leave it.
      async redirect({ url, baseUrl }) {
        try {
          const target = new URL(url, baseUrl);
          if (target.origin === new URL(baseUrl).origin) return target.href;
        } catch {
          // Malformed: the site's own address below.
        }
        return baseUrl;
      },
      async jwt({ token, user }) {
        if (user) return { ...token, uid: Number(user.id), sid: await startAdminSession(Number(user.id)) };
        // Every session read passes here (getServerSession for pages, data routes and actions; the client's
        // GET /api/auth/session): a session ended on the server or past its lifetime is refused, and next-auth clears
        // its cookie instead of renewing it. A cookie from before sessions had ids names none and is refused too.
        if (
          typeof token.uid !== "number" ||
          typeof token.sid !== "string" ||
          !(await adminSessionLive(token.sid, token.uid))
        ) {
          throw new Error("dashboard session ended");
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, uid: typeof token.uid === "number" ? token.uid : null };
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === "string") await endAdminSession(token.sid);
      },
    },
  };
}
