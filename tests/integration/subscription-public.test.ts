// Spec 4.4, 7.3 and 8: the public subscription endpoints over HTTP, with the database checked behind them.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { globalOptOutToken } from "@/modules/lists/services/unsubscribe-links";
import { accessTokenFor, call, uniqueIp } from "../helpers";
import { makeList, withSubscriber } from "../subscription-fixtures";

const subscribe = async (uuid: string, body: unknown, ip?: string) => {
  const email = (body as { email?: unknown }).email;
  return withSubscriber(
    await call(`/v3/subscription_list/public/${uuid}`, { method: "POST", body, ip }),
    uuid,
    typeof email === "string" ? email : "",
  );
};

const HOSTILE =
  '<p>Jag godkänner <a href="javascript:alert(1)">villkoren</a> och <a href="https://example.org/villkor">läs mer</a>.</p>' +
  '<script>alert(1)</script><img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe>' +
  '<div style="position:fixed;inset:0;z-index:9999">overlay</div><p onclick="steal()">klick</p>';

describe("GET /v3/subscription_list/public/{uuid}", () => {
  it("returns the public info with questions (group name/descr) and a sanitized term", async () => {
    const f = await makeList({ questions: 2, termHtml: HOSTILE, fields: ["firstname", "phone"] });
    const res = await call(`/v3/subscription_list/public/${f.uuid}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      name: "Nyhetsbrev",
      description: "Månadens nyheter",
      fields: ["firstname", "phone"],
      uuid: f.uuid,
      image_url: null,
      show_image: false,
      design: null,
      term: { id: expect.any(Number), name: "Villkor", html: expect.any(String) },
      questions: f.questionIds.map((id, i) => ({
        prop_id: id,
        name: `Intresse ${i + 1}`,
        descr: `Beskrivning ${i + 1}`,
        group_name: "Intressen",
        group_descr: "Vad vill du höra om?",
      })),
    });
    const html: string = res.json.term.html;
    for (const bad of ["<script", "onerror", "onclick", "javascript:", "<iframe", "style=", "<img"])
      expect(html).not.toContain(bad);
    expect(html).toContain('href="https://example.org/villkor"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it("404 for an unknown, malformed or inactive list", async () => {
    const inactive = await makeList({ isActive: false });
    for (const uuid of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", inactive.uuid]) {
      const res = await call(`/v3/subscription_list/public/${uuid}`);
      expect(res.status, uuid).toBe(404);
      expect(res.json).toEqual({ reason: "list not found" });
    }
  });

  it("429 with Retry-After past 120 GETs per minute from one IP", async () => {
    const f = await makeList();
    const ip = uniqueIp();
    const statuses = await Promise.all(
      Array.from({ length: 120 }, () => call(`/v3/subscription_list/public/${f.uuid}`, { ip }).then((r) => r.status)),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await call(`/v3/subscription_list/public/company/${f.companyId}`, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});

describe("POST /v3/subscription_list/public/{uuid}", () => {
  it("201: creates the member and subscription; the same email (any case) reuses the member", async () => {
    const f = await makeList();
    const email = `Anna.${Date.now()}@Example.SE`;
    const first = await subscribe(f.uuid, { email, firstname: "Anna", lastname: "Andersson", phone: "070-1234567" });
    expect(first.status).toBe(201);
    // The answer names no member or subscription: it is the same for every address (docs/api.md "Double opt-in").
    const anonymous = {
      member_id: 0,
      subscription: {
        id: 0,
        list_id: f.id,
        member_id: 0,
        status: "SUBSCRIBED",
        source: "PUBLIC_FORM",
        subscribed_at: expect.any(String),
        unsubscribed_at: null,
      },
    };
    expect(first.json).toEqual(anonymous);
    const member = await db().member.findUniqueOrThrow({ where: { id: first.subscriber!.member_id } });
    expect(member).toMatchObject({
      email: email.toLowerCase(),
      firstname: "Anna",
      lastname: "Andersson",
      phone: "070-1234567",
      organizationId: f.companyId,
    });

    const again = await subscribe(f.uuid, { email: `  ${email.toUpperCase()} `, firstname: "Someone Else" });
    expect(again.status).toBe(201);
    expect(again.json).toEqual(anonymous);
    expect(Date.parse(again.json.subscription.subscribed_at)).toBeGreaterThanOrEqual(
      Date.parse(first.json.subscription.subscribed_at),
    );
    expect(again.subscriber).toEqual(first.subscriber);
    // An anonymous form does not overwrite what the association already knows.
    expect((await db().member.findUniqueOrThrow({ where: { id: member.id } })).firstname).toBe("Anna");
    expect(await db().member.count({ where: { organizationId: f.companyId, email: email.toLowerCase() } })).toBe(1);
  });

  it("400 with the validation body for missing, invalid or too long fields; nothing is stored", async () => {
    const f = await makeList();
    const cases: [unknown, string, string][] = [
      [{}, "email", "required"],
      [{ email: "" }, "email", "required"],
      [{ email: "not-an-email" }, "email", "must be a valid email address"],
      [{ email: `${"a".repeat(250)}@x.se` }, "email", "must be at most 254 characters"],
      [{ email: "a@b.se", firstname: "x".repeat(129) }, "firstname", "must be at most 128 characters"],
      [{ email: "a@b.se", lastname: "x".repeat(129) }, "lastname", "must be at most 128 characters"],
      [{ email: "a@b.se", phone: "1".repeat(65) }, "phone", "must be at most 64 characters"],
      [{ email: 42 }, "email", "required"],
      [{ email: "a@b.se", answered_prop_ids: "1,2" }, "answered_prop_ids", "must be an array of numbers"],
      [{ email: "a@b.se", terms_accepted: "yes" }, "terms_accepted", "must be true or false"],
    ];
    for (const [body, field, message] of cases) {
      const res = await subscribe(f.uuid, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ reason: `${field}: ${message}`, code: "validation_error", form_errors: [] });
      expect(res.json.errors[field]).toContain(message);
    }
    const notJson = await call(`/v3/subscription_list/public/${f.uuid}`, {
      method: "POST",
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(await db().subscription.count({ where: { listId: f.id } })).toBe(0);
  });

  it("accepts exactly 254/128/128/64 characters", async () => {
    const f = await makeList();
    const email = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.se`;
    expect(email).toHaveLength(254);
    const res = await subscribe(f.uuid, {
      email,
      firstname: "f".repeat(128),
      lastname: "l".repeat(128),
      phone: "1".repeat(64),
    });
    expect(res.status).toBe(201);
  });

  it("404 `list not found` for an unknown or inactive list", async () => {
    const inactive = await makeList({ isActive: false });
    for (const uuid of ["00000000-0000-4000-8000-000000000000", inactive.uuid]) {
      const res = await subscribe(uuid, { email: "a@b.se" });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ reason: "list not found" });
    }
  });

  it("stores only the list's own answered questions as member properties", async () => {
    const f = await makeList({ questions: 3 });
    const other = await makeList({ questions: 1 });
    const res = await subscribe(f.uuid, {
      email: `q${Date.now()}@x.se`,
      answered_prop_ids: [f.questionIds[0], f.questionIds[2], other.questionIds[0], 999999],
    });
    expect(res.status).toBe(201);
    const stored = await db().memberProperty.findMany({
      where: { memberId: res.subscriber!.member_id },
      orderBy: { propertyId: "asc" },
    });
    expect(stored.map((p) => p.propertyId)).toEqual([f.questionIds[0], f.questionIds[2]]);
  });

  it("records consent (term, time, source list) only when terms_accepted is true and the list has a term", async () => {
    const f = await makeList({ termHtml: "<p>Jag godkänner</p>" });
    const accepted = await subscribe(f.uuid, { email: `c1${Date.now()}@x.se`, terms_accepted: true });
    const declined = await subscribe(f.uuid, { email: `c2${Date.now()}@x.se`, terms_accepted: false });
    const consents = await db().memberConsent.findMany({
      where: { memberId: { in: [accepted.subscriber!.member_id, declined.subscriber!.member_id] } },
    });
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({
      memberId: accepted.subscriber!.member_id,
      termId: f.list.term.id,
      sourceListId: f.id,
    });
    expect(Date.now() - consents[0].acceptedAt.getTime()).toBeLessThan(60_000);
    const noTerm = await makeList();
    const r = await subscribe(noTerm.uuid, { email: `c3${Date.now()}@x.se`, terms_accepted: true });
    expect(await db().memberConsent.count({ where: { memberId: r.subscriber!.member_id } })).toBe(0);
  });

  it("429 `subscription temporarily unavailable` at the cap; re-subscribing after an unsubscribe works", async () => {
    const f = await makeList({ cap: 2 });
    const a = await subscribe(f.uuid, { email: `a${Date.now()}@x.se` });
    const b = await subscribe(f.uuid, { email: `b${Date.now()}@x.se` });
    expect([a.status, b.status]).toEqual([201, 201]);
    const c = await subscribe(f.uuid, { email: `c${Date.now()}@x.se` });
    expect(c.status).toBe(429);
    expect(c.json).toEqual({ reason: "subscription temporarily unavailable" });
    // An existing subscriber re-submitting is not refused.
    expect(
      (
        await subscribe(f.uuid, {
          email: (await db().member.findUniqueOrThrow({ where: { id: a.subscriber!.member_id } })).email,
        })
      ).status,
    ).toBe(201);

    const memberA = await db().member.findUniqueOrThrow({ where: { id: a.subscriber!.member_id } });
    const unsub = await call(`/v3/subscription_list/unsubscribe/${f.uuid}/${memberA.uuid}`, { method: "POST" });
    expect(unsub.json).toEqual({ ok: true });
    expect((await subscribe(f.uuid, { email: `c${Date.now()}@x.se` })).status).toBe(201);
    const back = await subscribe(f.uuid, { email: memberA.email });
    expect(back.status).toBe(429);
  });

  it("uses the configured default cap when the admin set none", async () => {
    const f = await makeList();
    expect(f.list).toMatchObject({ subscriber_cap: null, effective_subscriber_cap: 10000 });
  });

  it("429 with Retry-After past 20 POSTs per minute from one IP", async () => {
    const f = await makeList();
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) expect((await subscribe(f.uuid, {}, ip)).status).toBe(400);
    const limited = await subscribe(f.uuid, { email: "a@b.se" }, ip);
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ reason: "too many requests" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});

describe("concurrency", () => {
  it("simultaneous subscribes with one email create one member and one subscription", async () => {
    const f = await makeList();
    const email = `same${Date.now()}@x.se`;
    const results = await Promise.all(Array.from({ length: 12 }, () => subscribe(f.uuid, { email })));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(new Set(results.map((r) => r.subscriber!.member_id)).size).toBe(1);
    expect(await db().member.count({ where: { organizationId: f.companyId, email } })).toBe(1);
    expect(await db().subscription.count({ where: { listId: f.id } })).toBe(1);
    expect((await db().subscriptionList.findUniqueOrThrow({ where: { id: f.id } })).activeCount).toBe(1);
  });

  it("simultaneous re-subscribes of an unsubscribed member take one slot, also next to the list's last free one", async () => {
    const f = await makeList({ cap: 2 });
    const email = `back${Date.now()}@x.se`;
    const first = await subscribe(f.uuid, { email });
    const member = await db().member.findUniqueOrThrow({ where: { id: first.subscriber!.member_id } });
    await call(`/v3/subscription_list/unsubscribe/${f.uuid}/${member.uuid}`, { method: "POST" });
    expect((await subscribe(f.uuid, { email: `other${Date.now()}@x.se` })).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 10 }, () => subscribe(f.uuid, { email })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.subscriber!.subscription_id))).toEqual(
      new Set([first.subscriber!.subscription_id]),
    );
    expect((await db().subscriptionList.findUniqueOrThrow({ where: { id: f.id } })).activeCount).toBe(2);
    expect(await db().subscription.count({ where: { listId: f.id, status: "SUBSCRIBED" } })).toBe(2);
  });

  it("public subscribes beside staff subscribing and unsubscribing the same members keep the count exact (no deadlock, no 500)", async () => {
    const f = await makeList();
    const stamp = Date.now();
    const emails = Array.from({ length: 4 }, (_, i) => `mix${i}.${stamp}@x.se`);
    const ids = await Promise.all(
      emails.map(async (email) => (await subscribe(f.uuid, { email })).subscriber!.member_id as number),
    );
    const requests = ids.flatMap((id, i) => [
      call(`/v3/subscription_list/${f.id}/unsubscribe/${id}`, { method: "POST", token: f.token }),
      subscribe(f.uuid, { email: emails[i], firstname: "Ny" }),
      call(`/v3/subscription_list/${f.id}/subscribe/${id}`, { method: "POST", token: f.token }),
      call(`/v3/subscription_list/${f.id}/unsubscribe/${id}`, { method: "POST", token: f.token }),
      subscribe(f.uuid, { email: emails[i] }),
    ]);
    const statuses = (await Promise.all(requests)).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    const active = await db().subscription.count({ where: { listId: f.id, status: "SUBSCRIBED" } });
    expect((await db().subscriptionList.findUniqueOrThrow({ where: { id: f.id } })).activeCount).toBe(active);
  });

  it("erasing a member while its email subscribes to two lists: no deadlock or 500, each list's count exact", async () => {
    const f = await makeList();
    const g = await makeList({ companyId: f.companyId });
    const { token } = await accessTokenFor({ companyId: f.companyId, modules: ["member"], companyIds: [f.companyId] });
    const email = `erase${Date.now()}@x.se`;
    const { member_id } = (await subscribe(f.uuid, { email })).subscriber!;
    await subscribe(g.uuid, { email });
    const requests = [
      ...Array.from({ length: 4 }, (_, i) => subscribe(i % 2 ? f.uuid : g.uuid, { email, firstname: "Åter" })),
      call(`/v3/member/${member_id}`, { method: "DELETE", token }),
      ...Array.from({ length: 4 }, (_, i) => subscribe(i % 2 ? g.uuid : f.uuid, { email })),
    ];
    const statuses = (await Promise.all(requests)).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    for (const list of [f, g]) {
      const active = await db().subscription.count({ where: { listId: list.id, status: "SUBSCRIBED" } });
      expect((await db().subscriptionList.findUniqueOrThrow({ where: { id: list.id } })).activeCount).toBe(active);
    }
    expect(
      await db().member.count({ where: { organizationId: f.companyId, email, erasedAt: null } }),
    ).toBeLessThanOrEqual(1);
  });

  it("a subscribe refused at the cap leaves nothing behind: no member, property, consent, name or lifted opt-out", async () => {
    const f = await makeList({ cap: 1, questions: 1, termHtml: "<p>Ja</p>" });
    const stamp = Date.now();
    const known = await subscribe(f.uuid, { email: `known${stamp}@x.se` });
    const member = await db().member.findUniqueOrThrow({ where: { id: known.subscriber!.member_id } });
    await call(`/v3/subscription_list/unsubscribe/${f.uuid}/${member.uuid}`, { method: "POST" });
    await db().member.update({ where: { id: member.id }, data: { globalOptOutAt: new Date() } });
    expect((await subscribe(f.uuid, { email: `full${stamp}@x.se` })).status).toBe(201);
    const before = await db().member.findUniqueOrThrow({ where: { id: member.id } });

    const full = {
      firstname: "Anna",
      lastname: "Andersson",
      phone: "070-1",
      terms_accepted: true,
      answered_prop_ids: f.questionIds,
    };
    const stranger = await subscribe(f.uuid, { email: `new${stamp}@x.se`, ...full });
    const again = await subscribe(f.uuid, { email: member.email, ...full });
    // The member who opted out waits for their own confirmation (PENDING, no slot), which is checked against the cap.
    expect([stranger.status, again.status, again.subscriber?.status]).toEqual([429, 201, "PENDING"]);
    expect(await db().member.count({ where: { organizationId: f.companyId, email: `new${stamp}@x.se` } })).toBe(0);
    expect(await db().member.findUniqueOrThrow({ where: { id: member.id } })).toEqual(before);
    expect(await db().memberProperty.count({ where: { member: { organizationId: f.companyId } } })).toBe(0);
    expect(await db().memberConsent.count({ where: { member: { organizationId: f.companyId } } })).toBe(0);
    expect((await db().subscriptionList.findUniqueOrThrow({ where: { id: f.id } })).activeCount).toBe(1);
  });
});

describe("a known member subscribing again", () => {
  it("changes nothing about the member: not its names, nor a global opt-out (that waits for a confirmation by email)", async () => {
    const f = await makeList();
    const email = `known${Date.now()}@x.se`;
    const first = await subscribe(f.uuid, { email, firstname: "Anna" });
    const id = first.subscriber!.member_id;
    const created = await db().member.findUniqueOrThrow({ where: { id } });
    expect((await subscribe(f.uuid, { email, firstname: "Berit" })).status).toBe(201);
    expect(await db().member.findUniqueOrThrow({ where: { id } })).toEqual(created);

    await db().member.update({ where: { id }, data: { globalOptOutAt: new Date(), phone: "" } });
    await db().subscription.updateMany({
      where: { memberId: id },
      data: { status: "UNSUBSCRIBED", unsubscribedAt: new Date() },
    });
    const optedOut = await db().member.findUniqueOrThrow({ where: { id } });
    const pending = await subscribe(f.uuid, { email, phone: "070-2" });
    expect([pending.status, pending.subscriber?.status]).toEqual([201, "PENDING"]);
    expect(await db().member.findUniqueOrThrow({ where: { id } })).toEqual(optedOut);
  });
});

describe("cap under concurrency", () => {
  it("with cap N, 3N simultaneous new visitors give exactly N successes and 2N 429s", async () => {
    const N = 6;
    const f = await makeList({ cap: N });
    const stamp = Date.now();
    const results = await Promise.all(
      Array.from({ length: 3 * N }, (_, i) => subscribe(f.uuid, { email: `v${i}.${stamp}@x.se` })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(N);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * N);
    expect(await db().subscription.count({ where: { listId: f.id, status: "SUBSCRIBED" } })).toBe(N);
    expect((await db().subscriptionList.findUniqueOrThrow({ where: { id: f.id } })).activeCount).toBe(N);
  });
});

describe("GET /v3/subscription_list/public/company/{company_id}", () => {
  it("lists the organization's active lists as {id, name, description}, without uuids", async () => {
    const f = await makeList();
    await makeList({ companyId: f.companyId, isActive: false });
    const res = await call(`/v3/subscription_list/public/company/${f.companyId}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ id: f.id, name: "Nyhetsbrev", description: "Månadens nyheter" }]);
    expect((await call(`/v3/subscription_list/public/company/${crypto.randomUUID()}`)).json).toEqual([]);
  });
});

describe("unsubscribe", () => {
  /** A new member subscribed to two lists of one company (`f` and `g`, in that order). */
  async function memberOnTwoLists(emailPrefix: string) {
    const f = await makeList();
    const g = await makeList({ companyId: f.companyId });
    const email = `${emailPrefix}${Date.now()}@x.se`;
    const res = await subscribe(f.uuid, { email });
    await subscribe(g.uuid, { email });
    const member = await db().member.findUniqueOrThrow({ where: { id: res.subscriber!.member_id } });
    return { f, g, member };
  }

  it("POST unsubscribes from that list only and always answers {ok: true}", async () => {
    const { f, member } = await memberOnTwoLists("u");
    const done = await call(`/v3/subscription_list/unsubscribe/${f.uuid}/${member.uuid}`, { method: "POST" });
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ ok: true });
    const subs = await db().subscription.findMany({ where: { memberId: member.id }, orderBy: { listId: "asc" } });
    expect(subs.map((s) => s.status)).toEqual(["UNSUBSCRIBED", "SUBSCRIBED"]);
    expect(subs[0].unsubscribedAt).not.toBeNull();
    for (const path of [`${f.uuid}/${member.uuid}`, `${f.uuid}/00000000-0000-4000-8000-000000000000`, "nope/nope"]) {
      const again = await call(`/v3/subscription_list/unsubscribe/${path}`, { method: "POST" });
      expect(again.status).toBe(200);
      expect(again.json).toEqual({ ok: true });
    }
  });

  it("accepts the RFC 8058 one-click body", async () => {
    const f = await makeList();
    const res = await subscribe(f.uuid, { email: `oc${Date.now()}@x.se` });
    const member = await db().member.findUniqueOrThrow({ where: { id: res.subscriber!.member_id } });
    const oneClick = await call(`/v3/subscription_list/unsubscribe/${f.uuid}/${member.uuid}`, {
      method: "POST",
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.json).toEqual({ ok: true });
    expect((await db().subscription.findFirstOrThrow({ where: { memberId: member.id } })).status).toBe("UNSUBSCRIBED");
  });

  it("global opt-out needs a valid signed token bound to the member", async () => {
    const { f, g, member } = await memberOnTwoLists("all");
    const other = await subscribe(f.uuid, { email: `other${Date.now()}@x.se` });
    const otherMember = await db().member.findUniqueOrThrow({ where: { id: other.subscriber!.member_id } });
    const url = `/v3/subscription_list/unsubscribe/all/${member.uuid}`;

    const refusals = [
      await call(url, { method: "POST" }),
      await call(url, { method: "POST", body: { token: "123.abc" } }),
      await call(url, { method: "POST", body: { token: globalOptOutToken(otherMember.uuid) } }),
      await call(url, {
        method: "POST",
        body: { token: globalOptOutToken(member.uuid, Date.now() - 400 * 24 * 3600 * 1000) },
      }),
    ];
    for (const r of refusals) {
      expect(r.status).toBe(403);
      expect(r.json).toEqual({ reason: "invalid or expired link" });
    }
    expect(await db().subscription.count({ where: { memberId: member.id, status: "SUBSCRIBED" } })).toBe(2);

    const ok = await call(`${url}?token=${globalOptOutToken(member.uuid)}`, { method: "POST" });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ ok: true });
    expect(await db().subscription.count({ where: { memberId: member.id, status: "SUBSCRIBED" } })).toBe(0);
    expect((await db().member.findUniqueOrThrow({ where: { id: member.id } })).globalOptOutAt).not.toBeNull();
    expect(await db().subscription.count({ where: { memberId: otherMember.id, status: "SUBSCRIBED" } })).toBe(1);
    const lists = await db().subscriptionList.findMany({ where: { id: { in: [f.id, g.id] } }, orderBy: { id: "asc" } });
    expect(lists.map((l) => l.activeCount)).toEqual([1, 0]);
  });
});
