// The sendout screens' data routes over HTTP against the built server, with a signed-in session: the preview answers
// the message under a policy of its own (no scripts, a sandbox, framed only by this site), with the sample recipient in
// the merge fields; the recipient count and the suppressed addresses keep to the caller's scope.
import { beforeAll, describe, expect, it } from "vitest";
import { operatorCaller } from "@/modules/access/services/caller";
import { createSendout } from "@/modules/sendouts/services/sendouts";
import { createList } from "@/modules/lists/services/lists";
import { suppressAddress } from "@/modules/sendouts/services/suppressions";
import { MODULES } from "@/modules/access/schemas/access";
import { CreateSendoutRequest } from "@/modules/sendouts/schemas/sendout";
import { newAdminUser, signIn } from "../dashboard-session";
import { baseUrl, makeCompany, uniqueIp } from "../helpers";

const op = operatorCaller();
let company: { id: string; name: string };
let other: { id: string };
let cookie: string;

const get = (path: string, session = cookie) =>
  fetch(`${baseUrl()}/admin/api${path}`, { headers: { cookie: session, "x-forwarded-for": uniqueIp() } });

async function newSendout(companyId: string) {
  const list = await createList(op, { name: "Vinterbrev", company_id: companyId });
  const sendout = await createSendout(
    op,
    CreateSendoutRequest.parse({
      company_id: companyId,
      list_ids: [list.id],
      subject: "Vintern",
      html: "<p>Hej {{firstname|vän}}!</p>",
    }),
  );
  return { list, sendout };
}

beforeAll(async () => {
  company = await makeCompany("Skidklubben");
  other = await makeCompany("Annan klubb");
  const admin = await newAdminUser("EDITOR", { company_ids: [company.id] });
  cookie = await signIn(admin);
});

describe("the sendout preview route", () => {
  it("answers the saved message with the sample recipient, under its own policy", async () => {
    const { sendout } = await newSendout(company.id);
    const response = await get(`/sendouts/${sendout.id}/preview`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const policy = response.headers.get("content-security-policy")!.split("; ");
    expect(policy).toEqual(
      expect.arrayContaining(["default-src 'none'", "style-src 'unsafe-inline'", "frame-ancestors 'self'", "sandbox"]),
    );
    expect(policy.some((directive) => directive.startsWith("script-src"))).toBe(false);
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const html = await response.text();
    expect(html).toContain("Hej Anna!");
    expect(html).toContain(company.name);
  });

  it("is not found for a sendout outside the caller's scope, and refused without the sendout module", async () => {
    const { sendout } = await newSendout(other.id);
    expect((await get(`/sendouts/${sendout.id}/preview`)).status).toBe(404);
    const { sendout: own } = await newSendout(company.id);
    const lacking = await signIn(
      await newAdminUser("EDITOR", { company_ids: [company.id], modules: MODULES.filter((m) => m !== "sendout") }),
    );
    expect((await get(`/sendouts/${own.id}/preview`, lacking)).status).toBe(403);
  });
});

describe("the recipient count and the suppressed addresses", () => {
  it("counts the company's lists and refuses another company's", async () => {
    const { list } = await newSendout(company.id);
    const count = await get(`/sendouts/recipients?company_id=${company.id}&list_ids=${list.id}`);
    expect(count.status).toBe(200);
    expect(await count.json()).toEqual({ recipients: 0, opted_out: 0, suppressed: 0 });
    expect((await get(`/sendouts/recipients?company_id=${other.id}&list_ids=${list.id}`)).status).toBe(403);
    expect((await get(`/sendouts/recipients?company_id=${company.id}&list_ids=x`)).status).toBe(400);
  });

  it("lists the company's suppressed addresses, page by page, and refuses another company's", async () => {
    await suppressAddress(op, { company_id: company.id, email: "studsar@example.se", note: "Bad om det" });
    const page = await get(`/suppressions?company_id=${company.id}&page=1`);
    expect(page.status).toBe(200);
    const body = (await page.json()) as {
      suppressions: { email: string; reason: string }[];
      count: number;
      page: number;
    };
    expect(body).toMatchObject({
      count: 1,
      page: 1,
      suppressions: [{ email: "studsar@example.se", reason: "MANUAL" }],
    });
    expect((await get(`/suppressions?company_id=${other.id}`)).status).toBe(403);
  });
});
