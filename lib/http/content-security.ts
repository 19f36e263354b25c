// The Content-Security-Policy of every page a person sees, with its per-request nonce, and the other page headers. One
// owner: proxy.ts sends them for pages Next.js and next-auth render, lib/cache/hosted-page-cache.ts for hosted pages
// served from a rendered template. Plain Web APIs only (globalThis.crypto), so it loads both in Next's proxy and in
// the Node server.

/** A fresh nonce: base64 of a random UUID (122 random bits), 48 characters. */
export function newNonce(): string {
  return Buffer.from(crypto.randomUUID()).toString("base64");
}

/**
 * What one page's policy adds to the common one, by path. Nothing here may loosen script-src.
 * - /docs: Scalar (the API reference) highlights its code samples into markup it sets as innerHTML, with
 *   `style="--line-count: 2; …"` on each block; parsed style attributes need 'unsafe-inline' for style-src-attr, and
 *   their values vary, so hashes cannot list them. Style attributes only: <style> elements still need the nonce
 *   (app/docs/scalar-bundle.ts gives it to the ones Scalar's scripts create), and an attribute style has no selectors,
 *   so it cannot read the page.
 */
const pageAdditions: Record<string, string[]> = {
  "/docs": ["style-src-attr 'unsafe-inline'"],
};

/** The policy for a page whose own scripts and styles carry `nonce`; anything injected without it does not run. */
function contentSecurityPolicy(nonce: string, pathname: string, dev = process.env.NODE_ENV === "development"): string {
  return [
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
    ...(pageAdditions[pathname] ?? []),
  ].join("; ");
}

/** The headers every page response carries besides its content headers; `pathname` for a page with additions. */
export function pageSecurityHeaders(nonce: string, pathname = ""): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(nonce, pathname),
    // frame-ancestors 'none' for browsers that predate it (CSP level 2): no page, a sign-out form included, in a frame.
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    // same-origin: member ids in these URLs never leak to other sites, while form posts keep the Origin header that
    // the server actions CSRF check compares with the host (no-referrer would send "Origin: null").
    "referrer-policy": "same-origin",
  };
}
