// Spec 4.5: the admin subscription-list API, scoped to the caller's companies.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { createProperty } from "@/modules/members/services/properties";
import { accessTokenFor, call, makeCompany } from "../helpers";
import { makeList, withSubscriber } from "../subscription-fixtures";

const subscribe = async (uuid: string, email: string) =>
  withSubscriber(await call(`/v3/subscription_list/public/${uuid}`, { method: "POST", body: { email } }), uuid, email);

describe("admin subscription-list API", () => {
  it("needs the subscription_list module", async () => {
    const company = await makeCompany();
    const { token } = await accessTokenFor({ modules: ["company"], companyId: company.id });
    const res = await call(`/v3/subscription_list?company_id=${company.id}`, { token });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ reason: "access group lacks the subscription_list module" });
    expect((await call(`/v3/subscription_list?company_id=${company.id}`)).status).toBe(401);
  });

  it("creates, reads, lists, updates and deletes a list", async () => {
    const company = await makeCompany();
    const { token } = await accessTokenFor({ modules: ["subscription_list"], companyIds: [company.id] });
    const created = await call("/v3/subscription_list", {
      method: "POST",
      token,
      body: { name: "  Medlemsbrev ", company_id: company.id },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: "Medlemsbrev",
      company_id: company.id,
      description: null,
      fields: [],
      is_active: true,
      term: null,
      question_prop_ids: [],
      subscriber_cap: null,
      active_subscribers: 0,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(created.json.public_url).toMatch(new RegExp(`/subscribe/${created.json.uuid}$`));
    const id = created.json.id;

    const prop = await createProperty(operatorCaller(), {
      company_id: company.id,
      group_name: "Frågor",
      name: "Vill ha SMS",
    });
    // Stored and answered as sent.
    const kept = {
      name: "X",
      description: "Om föreningen",
      image_url: "https://example.org/bild.png",
      show_image: true,
      design: { color: "#005500" },
      term: { name: "Samtycke", html: "<p>Ja</p>" },
      question_prop_ids: [prop.prop_id],
      subscriber_cap: 50,
    };
    const updated = await call(`/v3/subscription_list/${id}`, {
      method: "PUT",
      token,
      body: { ...kept, fields: ["phone", "firstname", "phone"], company_id: "ignored-for-update-and-not-an-error-00" },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      ...kept,
      fields: ["phone", "firstname"],
      effective_subscriber_cap: 50,
      company_id: company.id,
    });

    expect((await call(`/v3/subscription_list/${id}`, { token })).json).toEqual(updated.json);
    const listed = await call(`/v3/subscription_list?company_id=${company.id}`, { token });
    expect(listed.json.map((l: any) => l.id)).toEqual([id]);

    const deleted = await call(`/v3/subscription_list/${id}`, { method: "DELETE", token });
    expect(deleted.json).toEqual({ id, deleted: true });
    expect((await call(`/v3/subscription_list/${id}`, { token })).status).toBe(404);
    expect((await call(`/v3/subscription_list/public/${created.json.uuid}`)).status).toBe(404);
  });

  it("a changed consent text is a new term version; given consents keep the old one", async () => {
    const f = await makeList({ termHtml: "<p>Version 1</p>" });
    const email = `t${Date.now()}@x.se`;
    const r = await withSubscriber(
      await call(`/v3/subscription_list/public/${f.uuid}`, { method: "POST", body: { email, terms_accepted: true } }),
      f.uuid,
      email,
    );
    const v1 = f.list.term.id;
    const same = await call(`/v3/subscription_list/${f.id}`, {
      method: "PUT",
      token: f.token,
      body: { term: { name: "Villkor", html: "<p>Version 1</p>" } },
    });
    expect(same.json.term.id).toBe(v1);
    const v2 = await call(`/v3/subscription_list/${f.id}`, {
      method: "PUT",
      token: f.token,
      body: { term: { name: "Villkor", html: "<p>Version 2</p>" } },
    });
    expect(v2.json.term.id).not.toBe(v1);
    const consent = await db().memberConsent.findFirstOrThrow({
      where: { memberId: r.subscriber!.member_id },
      include: { term: true },
    });
    expect(consent.term.html).toBe("<p>Version 1</p>");
    const removed = await call(`/v3/subscription_list/${f.id}`, {
      method: "PUT",
      token: f.token,
      body: { term: null },
    });
    expect(removed.json.term).toBeNull();
  });

  it("400 for bad bodies, ids and another organization's properties", async () => {
    const f = await makeList();
    const foreign = await createProperty(operatorCaller(), {
      company_id: (await makeCompany()).id,
      group_name: "Annans",
      name: "Främmande",
    });
    const cases: [string, string, unknown, string][] = [
      ["POST", "/v3/subscription_list", { company_id: f.companyId }, "name"],
      ["POST", "/v3/subscription_list", { name: "x" }, "company_id"],
      ["POST", "/v3/subscription_list", { name: "x", company_id: "short" }, "company_id"],
      ["POST", "/v3/subscription_list", { name: "x", company_id: f.companyId, fields: ["email"] }, "fields.0"],
      ["PUT", `/v3/subscription_list/${f.id}`, { is_active: "yes" }, "is_active"],
      ["PUT", `/v3/subscription_list/${f.id}`, { image_url: "javascript:alert(1)" }, "image_url"],
      ["PUT", `/v3/subscription_list/${f.id}`, { subscriber_cap: -1 }, "subscriber_cap"],
      ["PUT", `/v3/subscription_list/${f.id}`, { question_prop_ids: [foreign.prop_id] }, "question_prop_ids"],
      ["GET", "/v3/subscription_list/abc", undefined, "id"],
      ["GET", "/v3/subscription_list", undefined, "company_id"],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await call(path, { method, token: f.token, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json.code).toBe("validation_error");
      expect(Object.keys(res.json.errors)).toContain(field);
    }
    expect((await call(`/v3/subscription_list/${f.id}`, { token: f.token })).json.question_prop_ids).toEqual([]);
  });

  it("another company's list answers as a missing one (404); another company named by id is 403", async () => {
    const f = await makeList();
    const outsider = await accessTokenFor({ modules: ["subscription_list"], companyIds: [(await makeCompany()).id] });
    const byListId: [string, string, unknown?][] = [
      ["GET", `/v3/subscription_list/${f.id}`],
      ["PUT", `/v3/subscription_list/${f.id}`, { name: "hijack" }],
      ["DELETE", `/v3/subscription_list/${f.id}`],
      ["GET", `/v3/subscription_list/${f.id}/subscribers`],
    ];
    for (const [method, path, body] of byListId) {
      const res = await call(path, { method, token: outsider.token, body });
      const missing = await call(path.replace(String(f.id), "99999999"), { method, token: outsider.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json).toEqual({ reason: "list not found" });
      expect(missing.status, `${method} ${path} missing`).toBe(404);
      expect(missing.json).toEqual(res.json);
    }
    const byCompanyId: [string, string, unknown?][] = [
      ["GET", `/v3/subscription_list?company_id=${f.companyId}`],
      ["POST", "/v3/subscription_list", { name: "x", company_id: f.companyId }],
    ];
    for (const [method, path, body] of byCompanyId) {
      const res = await call(path, { method, token: outsider.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json).toEqual({ reason: "company is outside the caller's access scope" });
    }
    expect((await db().subscriptionList.findUniqueOrThrow({ where: { id: f.id } })).name).toBe("Nyhetsbrev");
    const missing = await call("/v3/subscription_list/99999999", { token: f.token });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ reason: "list not found" });
  });

  it("lists subscribers with status and dates, paginated and filterable", async () => {
    const f = await makeList();
    const stamp = Date.now();
    for (let i = 0; i < 3; i++) await subscribe(f.uuid, `s${i}.${stamp}@x.se`);
    const first = await db().member.findFirstOrThrow({ where: { email: `s0.${stamp}@x.se` } });
    await call(`/v3/subscription_list/unsubscribe/${f.uuid}/${first.uuid}`, { method: "POST" });
    const page1 = await call(`/v3/subscription_list/${f.id}/subscribers?limit=2`, { token: f.token });
    expect(page1.json).toMatchObject({ count: 3, page: 1, limit: 2 });
    expect(page1.json.subscribers).toHaveLength(2);
    const page2 = await call(`/v3/subscription_list/${f.id}/subscribers?limit=2&page=2`, { token: f.token });
    expect(page2.json.subscribers).toHaveLength(1);
    const unsubscribed = await call(`/v3/subscription_list/${f.id}/subscribers?status=UNSUBSCRIBED`, {
      token: f.token,
    });
    expect(unsubscribed.json.subscribers).toEqual([
      {
        member_id: first.id,
        member_uuid: first.uuid,
        email: first.email,
        firstname: null,
        lastname: null,
        status: "UNSUBSCRIBED",
        source: "PUBLIC_FORM",
        subscribed_at: expect.any(String),
        unsubscribed_at: expect.any(String),
        // They left by the list's link: staff in the dashboard may only send them a confirmation.
        opted_out_themselves: true,
        // Subscribed without consent or answers (the API's terms_accepted is optional).
        consent_at: null,
        answers: [],
      },
    ]);
  });

  it("a member's lists with is_subscribed; admin subscribe and unsubscribe (not limited by the cap)", async () => {
    const f = await makeList({ cap: 1 });
    const g = await makeList({ companyId: f.companyId });
    const first = await subscribe(f.uuid, `m1${Date.now()}@x.se`);
    const second = await subscribe(g.uuid, `m2${Date.now()}@x.se`);
    const memberId = second.subscriber!.member_id;

    const before = await call(`/v3/subscription_list/member/${memberId}`, { token: f.token });
    expect(before.json).toEqual([
      { id: f.id, name: "Nyhetsbrev", description: "Månadens nyheter", is_active: true, is_subscribed: false },
      { id: g.id, name: "Nyhetsbrev", description: "Månadens nyheter", is_active: true, is_subscribed: true },
    ]);
    const added = await call(`/v3/subscription_list/${f.id}/subscribe/${memberId}`, { method: "POST", token: f.token });
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({
      member_id: memberId,
      subscription: { status: "SUBSCRIBED", source: "ADMIN", list_id: f.id },
    });
    expect((await call(`/v3/subscription_list/${f.id}`, { token: f.token })).json.active_subscribers).toBe(2);
    const removed = await call(`/v3/subscription_list/${g.id}/unsubscribe/${memberId}`, {
      method: "POST",
      token: f.token,
    });
    expect(removed.json.subscription).toMatchObject({ status: "UNSUBSCRIBED", unsubscribed_at: expect.any(String) });
    const after = await call(`/v3/subscription_list/member/${memberId}`, { token: f.token });
    expect(after.json.map((l: any) => l.is_subscribed)).toEqual([true, false]);
    expect(first.status).toBe(201);
  });

  it("a member of another organization is not found, for subscribing and for reading its lists", async () => {
    const f = await makeList();
    const stranger = await makeList();
    const r = await subscribe(stranger.uuid, `x${Date.now()}@x.se`);
    const res = await call(`/v3/subscription_list/${f.id}/subscribe/${r.subscriber!.member_id}`, {
      method: "POST",
      token: f.token,
    });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ reason: "member not found" });
    const lists = await call(`/v3/subscription_list/member/${r.subscriber!.member_id}`, { token: f.token });
    expect(lists.status).toBe(404);
    expect(lists.json).toEqual({ reason: "member not found" });
    const missing = await call("/v3/subscription_list/member/99999999", { token: f.token });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual(lists.json);
  });
});
