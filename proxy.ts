// Content-Security-Policy with a per-request nonce for every page a person sees (hosted pages, dashboard, docs, home). Next.js puts the nonce on its own
// scripts when it finds it in the request's CSP header; anything injected without it does not run. The policy and the
// other page headers come from lib/http/content-security.ts, which the hosted-page cache (server.ts) uses too.
import { NextResponse, type NextRequest } from "next/server";
import { newNonce, pageSecurityHeaders } from "@/lib/http/content-security";

export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const headers = pageSecurityHeaders(nonce, request.nextUrl.pathname);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", headers["content-security-policy"]);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Whatever the request's headers: a prefetch (Purpose: prefetch, next-router-prefetch) gets the page too, so it gets
  // the page's headers; a matcher that skipped them served pages without any.
  matcher: [
    // Pages only: /v3, /api/auth, the dashboard's data routes and the health probes answer JSON and set their own headers.
    "/((?!v3/|api/|admin/api/|_next/|healthz$|readyz$|favicon.ico|robots.txt).*)",
    // ...but next-auth's own pages are HTML (the sign-out form, "check your email"; sign-in and error redirect).
    "/api/auth/(signin|signout|error|verify-request)",
  ],
};
