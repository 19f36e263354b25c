// Content-Security-Policy with a per-request nonce for every page a person sees (hosted pages, dashboard, docs, home). Next.js puts the nonce on its own
// scripts when it finds it in the request's CSP header; anything injected without it does not run.
import { NextResponse, type NextRequest } from "next/server";

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const dev = process.env.NODE_ENV === "development";
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' https: data:", // a list's image_url is an admin-chosen https URL
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  response.headers.set("x-content-type-options", "nosniff");
  // same-origin: member ids in these URLs never leak to other sites, while form posts keep the Origin header that
  // the server actions CSRF check compares with the host (no-referrer would send "Origin: null").
  response.headers.set("referrer-policy", "same-origin");
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: /v3, /api/auth, the dashboard's data routes and the health probes answer JSON and set their own headers.
      source: "/((?!v3/|api/|admin/api/|_next/|healthz$|readyz$|favicon.ico|robots.txt).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
