// The admin subscription-list API reads with the subscription_list module alone; every write (creating, changing or
// deleting a list, subscribing or unsubscribing a member) also needs SUBSCRIPTION_LIST.U.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { accessTokenFor, call } from "../helpers";
import { makeList, withSubscriber } from "../subscription-fixtures";

const subscribe = async (uuid: string, email: string) =>
  withSubscriber(await call(`/v3/subscription_list/public/${uuid}`, { method: "POST", body: { email } }), uuid, email);

/** Everything a list write could change for the company: its lists, their subscriptions, terms and audit entries. */
async function companyState(companyId: string) {
  return {
    lists: await db().subscriptionList.findMany({ where: { companyId }, orderBy: { id: "asc" } }),
    questions: await db().listQuestion.findMany({
      where: { list: { companyId } },
      orderBy: [{ listId: "asc" }, { position: "asc" }],
    }),
    subscriptions: await db().subscription.findMany({ where: { list: { companyId } }, orderBy: { id: "asc" } }),
    terms: await db().term.findMany({ where: { companyId }, orderBy: { id: "asc" } }),
    audit: await db().auditEntry.findMany({ where: { companyId }, orderBy: { id: "asc" } }),
  };
}

describe("SUBSCRIPTION_LIST.U", () => {
  it("without it a key reads lists and subscribers but every write is 403 and changes nothing", async () => {
    const f = await makeList({ termHtml: "<p>Villkor</p>" });
    const g = await makeList({ companyId: f.companyId });
    const stamp = Date.now();
    const onF = await subscribe(f.uuid, `pf${stamp}@x.se`);
    const onG = await subscribe(g.uuid, `pg${stamp}@x.se`);
    expect(onF.status).toBe(201);
    expect(onG.status).toBe(201);
    const memberId: number = onG.subscriber!.member_id; // on g, not on f

    const { token } = await accessTokenFor({
      companyId: f.companyId,
      modules: ["subscription_list"],
      permissions: [],
      companyIds: [f.companyId],
    });

    const lists = await call(`/v3/subscription_list?company_id=${f.companyId}`, { token });
    expect(lists.status).toBe(200);
    expect(lists.json.map((l: any) => l.id)).toEqual([f.id, g.id]);
    const one = await call(`/v3/subscription_list/${f.id}`, { token });
    expect(one.status).toBe(200);
    expect(one.json).toEqual((await call(`/v3/subscription_list/${f.id}`, { token: f.token })).json);
    const subscribers = await call(`/v3/subscription_list/${f.id}/subscribers`, { token });
    expect(subscribers.status).toBe(200);
    expect(subscribers.json).toMatchObject({
      count: 1,
      subscribers: [{ member_id: onF.subscriber!.member_id, status: "SUBSCRIBED" }],
    });
    const memberLists = await call(`/v3/subscription_list/member/${memberId}`, { token });
    expect(memberLists.status).toBe(200);
    expect(memberLists.json.map((l: any) => [l.id, l.is_subscribed])).toEqual([
      [f.id, false],
      [g.id, true],
    ]);

    const before = await companyState(f.companyId);
    const writes: [string, string, unknown?][] = [
      ["POST", "/v3/subscription_list", { name: "Ny lista", company_id: f.companyId }],
      ["PUT", `/v3/subscription_list/${f.id}`, { name: "Kapad", is_active: false, term: null, subscriber_cap: 0 }],
      ["DELETE", `/v3/subscription_list/${f.id}`],
      ["POST", `/v3/subscription_list/${f.id}/subscribe/${memberId}`],
      ["POST", `/v3/subscription_list/${g.id}/unsubscribe/${memberId}`],
    ];
    for (const [method, path, body] of writes) {
      const res = await call(path, { method, token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json).toEqual({ reason: "access group lacks the SUBSCRIPTION_LIST.U permission" });
    }
    expect(await companyState(f.companyId)).toEqual(before);

    // The same subscribe with the permission works: the refusal above was the permission, not the member or list.
    const allowed = await call(`/v3/subscription_list/${f.id}/subscribe/${memberId}`, {
      method: "POST",
      token: f.token,
    });
    expect(allowed.status).toBe(200);
    expect(allowed.json).toMatchObject({ member_id: memberId, subscription: { status: "SUBSCRIBED", list_id: f.id } });
  });
});
