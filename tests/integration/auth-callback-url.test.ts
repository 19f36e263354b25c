// next-auth's callbackUrl (where a sign-in sends the browser) leads only to this site, whatever it holds, and never
// to an error.
import { describe, expect, it } from "vitest";
import { baseUrl, call, uniqueIp } from "../helpers";
import { newAdminUser } from "../dashboard-session";

describe("next-auth's callbackUrl", () => {
  /** The address next-auth sends the browser to after a sign-in with this callbackUrl (next-auth's client follows it). */
  async function signInLandsOn(callbackUrl: string) {
    const admin = await newAdminUser();
    const ip = uniqueIp();
    const csrf = await fetch(`${baseUrl()}/api/auth/csrf`, { headers: { "x-forwarded-for": ip } });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const res = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, "x-forwarded-for": ip },
      body: new URLSearchParams({ email: admin.email, password: admin.password, csrfToken, callbackUrl, json: "true" }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { url: string }).url;
  }

  // next-auth's own address (NEXTAUTH_URL): the test server's port on localhost.
  const port = () => new URL(baseUrl()).port;
  const site = () => `http://localhost:${port()}`;
  // A port that is not a number (the first) makes `new URL` throw: next-auth's default callback answered 500.
  const foreign: [string, () => string][] = [
    ["http://localhost:<port>.evil.example/", () => `${site()}.evil.example/`],
    ["//evil.example/", () => "//evil.example/"],
    ["/\\evil.example/", () => "/\\evil.example/"],
    ["https://evil.example/admin", () => "https://evil.example/admin"],
    ["javascript:alert(1)", () => "javascript:alert(1)"],
    ["http://[::1", () => "http://[::1"],
  ];
  for (const [label, make] of foreign) {
    it(`refuses ${label}: the sign-in lands on this site, the sign-in page answers without error`, async () => {
      const callbackUrl = make();
      expect(new URL(await signInLandsOn(callbackUrl)).origin).toBe(site());
      const page = await call(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`, {
        redirect: "manual",
      });
      expect(page.status).toBeLessThan(400);
      const location = page.headers.get("location");
      if (location) expect(new URL(location, site()).origin).toBe(site());
    });
  }

  it("keeps a path of this site", async () => {
    expect(await signInLandsOn("/admin/members?page=2")).toBe(`${site()}/admin/members?page=2`);
  });
});
