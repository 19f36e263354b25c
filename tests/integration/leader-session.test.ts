// A LEADER user's dashboard session over HTTP: its attendance page answers with its activity and nothing else, every
// dashboard page sends it there, and every data route under /admin/api refuses it (the server actions are in
// tests/integration/action-authorization-matrix.test.ts, /v3 in tests/integration/authorization-matrix.test.ts).
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { dashboardOperations } from "@/lib/operations";
import { operatorCaller } from "@/modules/access/services/caller";
import { createLeaderUser } from "@/modules/access/services/leader-accounts";
import { signIn } from "../dashboard-session";
import { baseUrl, makeCompany, uniqueIp } from "../helpers";
import { ledActivity, leaderMember, newMember } from "../leader-fixtures";

let cookie: string;
let led: string;
let other: string;

beforeAll(async () => {
  const company = await makeCompany("Ledarsessionen");
  const { member, password } = await leaderMember(company.id, "Sara");
  const child = await newMember(company.id, { firstname: "Ines", lastname: "Lind" });
  led = (await ledActivity(company.id, `Fotboll ${crypto.randomBytes(3).toString("hex")}`, member.id, [child.id]))
    .activity.name;
  const otherLeader = await newMember(company.id, { firstname: "Otto" });
  other = (await ledActivity(company.id, `Handboll ${crypto.randomBytes(3).toString("hex")}`, otherLeader.id, []))
    .activity.name;
  const email = `ledare-${crypto.randomBytes(5).toString("hex")}@example.org`;
  const { id } = await createLeaderUser(operatorCaller(), {
    email,
    password,
    name: "Sara Ledare",
    memberId: member.id,
    companyId: company.id,
  });
  cookie = await signIn({ id, email, password });
});

const get = (path: string) =>
  fetch(`${baseUrl()}${path}`, { headers: { cookie, "x-forwarded-for": uniqueIp() }, redirect: "manual" });

describe("a LEADER's dashboard session", () => {
  it("shows its attendance page with the activity it leads, not another of its company", async () => {
    const page = await get("/admin/leader");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(led);
    expect(html).toContain("Ines Lind");
    expect(html).not.toContain(other);
  });

  it("is sent from the dashboard's pages to its attendance page", async () => {
    for (const path of ["/admin", "/admin/members", "/admin/users", "/admin/users/leaders", "/admin/audit"]) {
      const page = await get(path);
      expect(page.status, path).toBe(307);
      expect(new URL(page.headers.get("location")!, baseUrl()).pathname, path).toBe("/admin/leader");
    }
  });

  for (const operation of dashboardOperations) {
    const path = `/admin/api${operation.path.replace(/\{[a-z_]+\}/g, "1")}`;
    it(`${operation.method.toUpperCase()} ${path} → 403`, async () => {
      const response = await fetch(`${baseUrl()}${path}`, {
        method: operation.method.toUpperCase(),
        headers: { cookie, "x-forwarded-for": uniqueIp() },
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ reason: "a leader's account reaches only its attendance page" });
    });
  }
});
