// Every HTML page carries the page headers of lib/http/content-security.ts, whatever the request's prefetch headers:
// Next's own pages, the hosted page, next-auth's pages. The CSP nonce is the one the page's scripts and styles carry
// (a page prerendered at build time carries none, and its own CSP blocks it).
import { describe, expect, it } from "vitest";
import { call } from "../helpers";
import { makeList } from "../subscription-fixtures";

const nonceOf = (csp: string | null) => /script-src 'self' 'nonce-([^']+)' 'strict-dynamic'/.exec(csp ?? "")?.[1];

const prefetchVariants: Record<string, Record<string, string>> = {
  "a plain GET": {},
  "Purpose: prefetch": { purpose: "prefetch" },
  "next-router-prefetch: 1": { "next-router-prefetch": "1" },
};

describe("page headers on every HTML page", () => {
  const pages = ["/", "/docs", "/admin/login", "/subscribe/:uuid", "/api/auth/signout", "/api/auth/verify-request"];
  for (const page of pages) {
    for (const [variant, headers] of Object.entries(prefetchVariants)) {
      it(`${page} with ${variant}: CSP with the nonce its scripts and styles carry, no framing, nosniff, referrer policy`, async () => {
        const path = page === "/subscribe/:uuid" ? `/subscribe/${(await makeList()).uuid}` : page;
        const res = await call(path, { headers });
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^text\/html/);
        const nonce = nonceOf(res.headers.get("content-security-policy"));
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{48}$/);
        // Every script and style element of the page runs under that policy: it carries the nonce, or it is blocked.
        const tags = [...res.text.matchAll(/<(?:script|style)\b[^>]*>/g)].map((m) => m[0]);
        expect(tags.length).toBeGreaterThan(0);
        for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
        expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
        expect(res.headers.get("x-frame-options")).toBe("DENY");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        expect(res.headers.get("referrer-policy")).toBe("same-origin");
      });
    }
  }
});
