// Dashboard sign-in over HTTP (next-auth's credentials flow as the browser uses it): wrong passwords are refused, the
// attempts are limited per client IP and per account, the session works on the dashboard's data routes, and a
// deactivated user's session stops working at once.
import { describe, expect, it } from "vitest";
import { operatorCaller } from "@/lib/services/caller";
import { updateAdminUser } from "@/lib/services/admin-users";
import { newAdminUser as newAdmin, signInAttempt as attempt } from "../dashboard-session";
import { baseUrl, uniqueIp } from "../helpers";

const overview = (cookie?: string) =>
  fetch(`${baseUrl()}/admin/api/overview`, { headers: { ...(cookie ? { cookie } : {}), "x-forwarded-for": uniqueIp() } });

describe("dashboard sign-in", () => {
  it("refuses a wrong password and an unknown email with the same answer", async () => {
    const admin = await newAdmin();
    expect((await attempt(admin.email, "wrong-password-123")).error).toBe("CredentialsSignin");
    expect((await attempt("nobody@example.org", "wrong-password-123")).error).toBe("CredentialsSignin");
  });

  it("gives a session that the dashboard's data routes accept; without one they answer 401", async () => {
    const admin = await newAdmin();
    const { error, cookie } = await attempt(admin.email.toUpperCase(), admin.password);
    expect(error).toBeNull();
    const signedIn = await overview(cookie);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ lists: expect.any(Number), per_day: expect.any(Array) });
    const anonymous = await overview();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ reason: "not signed in" });
    expect((await overview("next-auth.session-token=forged")).status).toBe(401);
  });

  it("ends a deactivated user's session at once", async () => {
    const admin = await newAdmin();
    const { cookie } = await attempt(admin.email, admin.password);
    expect((await overview(cookie)).status).toBe(200);
    await updateAdminUser(operatorCaller(), { id: admin.id, active: false });
    expect((await overview(cookie)).status).toBe(401);
    expect((await attempt(admin.email, admin.password)).error).toBe("CredentialsSignin");
  });

  it("limits attempts per account, from any address, even with the right password afterwards", async () => {
    const admin = await newAdmin();
    // RATE_LIMIT_LOGIN_ACCOUNT_PER_15_MIN defaults to 10.
    for (let i = 0; i < 10; i++) expect((await attempt(admin.email, `wrong-${i}-password`)).error).toBe("CredentialsSignin");
    expect((await attempt(admin.email, admin.password)).error).toBe("RateLimited");
  });

  it("limits attempts per client address across accounts", async () => {
    const ip = uniqueIp();
    // RATE_LIMIT_LOGIN_IP_PER_MIN defaults to 20.
    for (let i = 0; i < 20; i++) expect((await attempt(`guess-${i}@example.org`, "wrong-password-1", ip)).error).toBe("CredentialsSignin");
    const admin = await newAdmin();
    expect((await attempt(admin.email, admin.password, ip)).error).toBe("RateLimited");
    expect((await attempt(admin.email, admin.password)).error).toBeNull();
  });
});
