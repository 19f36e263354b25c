// Spec 4.3 members: create, read, update and the GDPR erasure behind DELETE, with their validation and authorization.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { sendoutLinksForMember } from "@/modules/lists/services/unsubscribe-links";
import { call } from "../helpers";
import { makeList, withSubscriber } from "../subscription-fixtures";
import { createMemberVia, makeOrganization, uniqueEmail, type Organization } from "../member-fixtures";

let org: Organization;
beforeAll(async () => {
  org = await makeOrganization();
});

describe("members", () => {
  it("creates a member with memberships and properties, reads and updates it", async () => {
    const email = uniqueEmail();
    const created = await call("/v3/member", {
      method: "POST",
      token: org.token,
      body: {
        company_id: org.rootId,
        email: `  ${email.toUpperCase()} `,
        firstname: "Astrid",
        lastname: "Lindgren",
        birthdate: "1990-11-14",
        memberships: [{ company_id: org.clubIds[0], period_id: org.periodId, member_type_id: org.memberTypeId }],
        prop_ids: [org.propIds[0]],
      },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      company_id: org.rootId,
      email,
      firstname: "Astrid",
      phone: null,
      birthdate: "1990-11-14",
      memberships: [
        {
          company_id: org.clubIds[0],
          period_id: org.periodId,
          period_name: "2026",
          member_type_name: "Senior",
          status: "MEMBER",
        },
      ],
      properties: [{ prop_id: org.propIds[0], name: "Fotboll", group_name: "Intressen" }],
      consents: [],
      subscriptions: [],
    });
    const id = created.json.id;
    expect((await call(`/v3/member/${id}`, { token: org.token })).json).toEqual(created.json);

    const updated = await call(`/v3/member/${id}`, {
      method: "PUT",
      token: org.token,
      body: {
        phone: "070-123 45 67",
        lastname: null,
        memberships: [
          { company_id: org.clubIds[0], period_id: org.periodId, status: "PENDING_EXIT" },
          { company_id: org.clubIds[1], period_id: org.periodId },
        ],
        prop_ids: [org.propIds[1]],
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ firstname: "Astrid", lastname: null, phone: "070-123 45 67", email });
    expect(updated.json.memberships.map((m: any) => [m.company_id, m.status, m.member_type_id]).sort()).toEqual(
      [
        [org.clubIds[0], "PENDING_EXIT", null],
        [org.clubIds[1], "MEMBER", null],
      ].sort(),
    );
    expect(updated.json.properties.map((p: any) => p.prop_id)).toEqual([org.propIds[1]]);
    // Fields left out stay; empty sets clear.
    const cleared = await call(`/v3/member/${id}`, {
      method: "PUT",
      token: org.token,
      body: { memberships: [], prop_ids: [] },
    });
    expect(cleared.json).toMatchObject({ phone: "070-123 45 67", memberships: [], properties: [] });
  });

  it("refuses an email already used in the organization (case-insensitively, also a subscriber's)", async () => {
    const email = uniqueEmail();
    await createMemberVia(org.token, { company_id: org.rootId, email });
    const again = await call("/v3/member", {
      method: "POST",
      token: org.token,
      body: { company_id: org.rootId, email: email.toUpperCase() },
    });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({
      code: "validation_error",
      errors: { email: ["already used by another member of the organization"] },
    });

    const list = await makeList({ companyId: org.rootId });
    const subscriberEmail = uniqueEmail("prenumerant");
    expect(
      (await call(`/v3/subscription_list/public/${list.uuid}`, { method: "POST", body: { email: subscriberEmail } }))
        .status,
    ).toBe(201);
    const dup = await call("/v3/member", {
      method: "POST",
      token: org.token,
      body: { company_id: org.rootId, email: subscriberEmail },
    });
    expect(dup.status).toBe(400);
    expect(Object.keys(dup.json.errors)).toEqual(["email"]);

    // Another organization may have the same email; a member without email is fine, twice.
    const otherToken = await org.tokenFor({ companyIds: [org.otherId] });
    expect(
      (await call("/v3/member", { method: "POST", token: otherToken, body: { company_id: org.otherId, email } }))
        .status,
    ).toBe(201);
    await createMemberVia(org.token, { company_id: org.rootId, firstname: "Utan" });
    await createMemberVia(org.token, { company_id: org.rootId, firstname: "Också utan" });
    // Changing an email to a taken one is the same 400.
    const second = await createMemberVia(org.token, { company_id: org.rootId, email: uniqueEmail() });
    const clash = await call(`/v3/member/${second.id}`, { method: "PUT", token: org.token, body: { email } });
    expect(clash.status).toBe(400);
    expect(clash.json.errors.email).toBeDefined();
  });

  it("of concurrent creates with one email (any case) exactly one succeeds; the others are 400 on email", async () => {
    const email = uniqueEmail("samtidig");
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call("/v3/member", {
          method: "POST",
          token: org.token,
          body: { company_id: org.rootId, email: i % 2 ? email.toUpperCase() : email },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const res of results.filter((r) => r.status === 400)) expect(Object.keys(res.json.errors)).toEqual(["email"]);
  });

  it("validates fields, memberships and properties with 400s on the field", async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await call("/v3/member", {
        method: "POST",
        token: org.token,
        body: { company_id: org.rootId, ...body },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe("validation_error");
      return Object.keys(res.json.errors);
    };
    expect(await bad({ email: "inte-en-adress" })).toEqual(["email"]);
    expect(await bad({ birthdate: "1990-02-30" })).toEqual(["birthdate"]);
    expect(await bad({ birthdate: "2999-01-01" })).toEqual(["birthdate"]);
    expect(await bad({ firstname: "x".repeat(129) })).toEqual(["firstname"]);
    expect(await bad({ memberships: [{ company_id: org.otherId, period_id: org.periodId }] })).toContain(
      "memberships.0.company_id",
    );
    expect(await bad({ memberships: [{ company_id: org.clubIds[0], period_id: 999999 }] })).toEqual([
      "memberships.0.period_id",
    ]);
    expect(
      await bad({ memberships: [{ company_id: org.clubIds[0], period_id: org.periodId, status: "ACTIVE" }] }),
    ).toEqual(["memberships.0.status"]);
    expect(
      await bad({
        memberships: [
          { company_id: org.clubIds[0], period_id: org.periodId },
          { company_id: org.clubIds[0], period_id: org.periodId },
        ],
      }),
    ).toEqual(["memberships.1.period_id"]);
    expect(await bad({ prop_ids: [999999] })).toEqual(["prop_ids"]);
    const unknownCompany = await call("/v3/member", {
      method: "POST",
      token: org.token,
      body: { company_id: "x".repeat(36) },
    });
    expect(unknownCompany.json.errors).toEqual({ company_id: ["unknown company id"] });
    expect((await call("/v3/member/abc", { token: org.token })).status).toBe(400);
    expect((await call("/v3/member/999999999", { token: org.token })).json).toEqual({ reason: "member not found" });
  });

  it("checks module, permission and scope on every member operation", async () => {
    const member = await createMemberVia(org.token, { company_id: org.clubIds[0], email: uniqueEmail() });
    const noModule = await org.tokenFor({ modules: ["event"] });
    const readOnly = await org.tokenFor({ permissions: [] });
    const otherScope = await org.tokenFor({ companyIds: [org.otherId] });
    const clubTwo = await org.tokenFor({ companyIds: [org.clubIds[1]] });
    const ops = [
      { path: `/v3/member/${member.id}`, method: "GET", outOfScope: 404 },
      { path: `/v3/member/${member.id}`, method: "PUT", body: { firstname: "X" }, write: true, outOfScope: 404 },
      { path: `/v3/member/${member.id}`, method: "DELETE", write: true, outOfScope: 404 },
      { path: "/v3/member", method: "POST", body: { company_id: org.clubIds[0] }, write: true, outOfScope: 403 },
    ];
    for (const op of ops) {
      const send = (token?: string) => call(op.path, { method: op.method, token, body: op.body });
      expect((await send()).status, `${op.method} ${op.path} without token`).toBe(401);
      expect((await send(noModule)).json, op.method).toEqual({ reason: "access group lacks the member module" });
      if (op.write)
        expect((await send(readOnly)).json, op.method).toEqual({
          reason: "access group lacks the MEMBER.U permission",
        });
      // Another company's member answers as a missing one; a company named in the body is 403 (spec 7.2).
      for (const [who, token] of [
        ["out of scope", otherScope],
        ["sibling club", clubTwo],
      ] as const) {
        const refused = await send(token);
        expect(refused.status, `${op.method} ${who}`).toBe(op.outOfScope);
        expect(refused.json, `${op.method} ${who}`).toEqual(
          op.outOfScope === 404
            ? { reason: "member not found" }
            : { reason: "company is outside the caller's access scope" },
        );
      }
    }
    expect((await call(`/v3/member/${member.id}`, { token: readOnly })).status).toBe(200);
    expect((await call(`/v3/member/${member.id}`, { token: org.token })).json.firstname).toBeNull();
  });
});

describe("member erasure (DELETE)", () => {
  it("clears personal data, frees list slots, scrubs the audit log and keeps anonymous memberships", async () => {
    const list = await makeList({ companyId: org.rootId, termHtml: "<p>Ja</p>", questions: 1 });
    const email = uniqueEmail("radera");
    const answer = await call(`/v3/subscription_list/public/${list.uuid}`, {
      method: "POST",
      body: { email, firstname: "Greta", terms_accepted: true, answered_prop_ids: list.questionIds },
    });
    const subscribed = await withSubscriber(answer, list.uuid, email);
    expect(subscribed.status).toBe(201);
    const id = subscribed.subscriber!.member_id;
    await call(`/v3/subscription_list/${list.id}/unsubscribe/${id}`, { method: "POST", token: list.token });
    await call(`/v3/subscription_list/${list.id}/subscribe/${id}`, { method: "POST", token: list.token });
    const put = await call(`/v3/member/${id}`, {
      method: "PUT",
      token: org.token,
      body: { birthdate: "1980-01-01", memberships: [{ company_id: org.rootId, period_id: org.periodId }] },
    });
    expect(put.status).toBe(200);
    expect(put.json.consents).toHaveLength(1);
    expect(put.json.subscriptions).toMatchObject([{ list_id: list.id, status: "SUBSCRIBED" }]);
    const activeBefore = (await call(`/v3/subscription_list/${list.id}`, { token: list.token })).json
      .active_subscribers;

    const erased = await call(`/v3/member/${id}`, { method: "DELETE", token: org.token });
    expect(erased.status).toBe(200);
    expect(erased.json).toEqual({ id, erased_at: expect.any(String) });

    expect((await call(`/v3/member/${id}`, { token: org.token })).json).toEqual({ reason: "member not found" });
    expect((await call(`/v3/member/${id}`, { method: "DELETE", token: org.token })).status).toBe(404);
    expect((await call(`/v3/subscription_list/${list.id}`, { token: list.token })).json.active_subscribers).toBe(
      activeBefore - 1,
    );
    const row = await db().member.findUniqueOrThrow({
      where: { id },
      include: { memberships: true, properties: true, consents: true, subscriptions: true },
    });
    expect(row).toMatchObject({
      email: null,
      firstname: null,
      birthdate: null,
      properties: [],
      consents: [],
      subscriptions: [],
    });
    expect(row.erasedAt).not.toBeNull();
    expect(row.memberships).toHaveLength(1);
    const mentions = await db().auditEntry.count({ where: { summary: { contains: email } } });
    expect(mentions).toBe(0);
    expect(await db().auditEntry.count({ where: { action: "member.erase", objectId: String(id) } })).toBe(1);

    const search = await call("/v3/market/members/search", {
      method: "POST",
      token: org.token,
      body: { search_text: "radera", page: 1, limit: 100 },
    });
    expect(search.json.members.map((m: any) => m.id)).not.toContain(id);
    // No sendout reaches an erased member: its links are not found either.
    await expect(sendoutLinksForMember(operatorCaller(), id)).rejects.toThrow("member not found");
    // The same person may come back as a new member.
    const back = await createMemberVia(org.token, { company_id: org.rootId, email });
    expect(back.id).not.toBe(id);
  });
});
