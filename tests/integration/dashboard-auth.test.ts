// Dashboard sign-in over HTTP (next-auth's credentials flow as the browser uses it): wrong passwords are refused,
// failed attempts are throttled per (account, address), per address and per account without locking the owner out,
// the session works on the dashboard's data routes, and a deactivated user's session stops working at once.
import { describe, expect, it } from "vitest";
import { operatorCaller } from "@/modules/access/services/caller";
import { updateAdminUser } from "@/modules/access/services/admin-users";
import { newAdminUser as newAdmin, signInAttempt as attempt } from "../dashboard-session";
import { baseUrl, uniqueIp } from "../helpers";

const overview = (cookie?: string) =>
  fetch(`${baseUrl()}/admin/api/overview`, {
    headers: { ...(cookie ? { cookie } : {}), "x-forwarded-for": uniqueIp() },
  });

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

  it("throttles a guesser at its address while the owner at another signs in", async () => {
    const admin = await newAdmin();
    const attacker = uniqueIp();
    // RATE_LIMIT_LOGIN_PAIR_FAILS_PER_15_MIN defaults to 5: then this account is refused at this address, even with
    // the right password, while the owner elsewhere is not. The refused ones do not count for the account, so even
    // more of them than its limit (RATE_LIMIT_LOGIN_ACCOUNT_FAILS_PER_HOUR, 100) leave the owner in.
    const answers = [];
    for (let i = 0; i < 120; i++) answers.push((await attempt(admin.email, `wrong-${i}-password`, attacker)).error);
    expect((await attempt(admin.email, admin.password)).error).toBeNull();
    expect(answers).toEqual([...Array(5).fill("CredentialsSignin"), ...Array(115).fill("RateLimited")]);
    expect((await attempt(admin.email, admin.password, attacker)).error).toBe("RateLimited");
  });

  it("refuses an account at every address only after many failures from many addresses", async () => {
    const admin = await newAdmin();
    // 20 addresses, each within its own limits, reach the account's 100 failures per hour.
    for (let a = 0; a < 20; a++) {
      const ip = uniqueIp();
      for (let i = 0; i < 5; i++)
        expect((await attempt(admin.email, `wrong-${i}-password`, ip)).error).toBe("CredentialsSignin");
    }
    expect((await attempt(admin.email, admin.password)).error).toBe("RateLimited");
  });

  it("forgets an address's failures for an account once it signs in there", async () => {
    const admin = await newAdmin();
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++)
      expect((await attempt(admin.email, `wrong-${i}-password`, ip)).error).toBe("CredentialsSignin");
    expect((await attempt(admin.email, admin.password, ip)).error).toBeNull();
    for (let i = 0; i < 4; i++)
      expect((await attempt(admin.email, `wrong-${i}-password`, ip)).error).toBe("CredentialsSignin");
    expect((await attempt(admin.email, admin.password, ip)).error).toBeNull();
  });

  it("counts an address's failures across accounts, not its sign-ins", async () => {
    const office = uniqueIp();
    // Staff behind one office address: their sign-ins do not spend its budget.
    const staff = await Promise.all(Array.from({ length: 25 }, () => newAdmin()));
    for (const admin of staff) expect((await attempt(admin.email, admin.password, office)).error).toBeNull();
    // A sprayer there: RATE_LIMIT_LOGIN_IP_FAILS_PER_HOUR defaults to 20, one guess per account, known or not.
    for (let i = 0; i < 20; i++) {
      const email = i % 2 ? staff[i].email : `guess-${i}@example.org`;
      expect((await attempt(email, "wrong-password-1", office)).error).toBe("CredentialsSignin");
    }
    expect((await attempt(staff[24].email, staff[24].password, office)).error).toBe("RateLimited");
    expect((await attempt(staff[24].email, staff[24].password)).error).toBeNull();
  });
});
