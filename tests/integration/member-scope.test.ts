// One meaning of "in a company" for scope, over HTTP. A federation's member with a membership in a club is in
// the club: a key scoped to the club reads, finds and changes it. A federation member without one, or whose club
// membership is EXITED, answers as a missing member (404 `member not found`) and is never found. A membership outside
// the key's scope stays untouched by its PUT. docs/api.md "Members, events and the organization": Whose member.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers";
import { createMemberVia, makeOrganization, uniqueEmail, type Organization } from "../member-fixtures";

let org: Organization;
let clubToken: string;
const ids: Record<"inClub" | "notInClub" | "exited" | "both", number> = { inClub: 0, notInClub: 0, exited: 0, both: 0 };
const tag = `s${process.pid}x${Date.now() % 10000}`;

beforeAll(async () => {
  org = await makeOrganization();
  const [club, other] = org.clubIds;
  const m = (company_id: string, status = "MEMBER") => ({ company_id, period_id: org.periodId, status });
  const make = async (memberships: unknown[]) =>
    (
      await createMemberVia(org.token, {
        company_id: org.rootId,
        firstname: `Alva${tag}`,
        lastname: "Jakobsson",
        email: uniqueEmail(tag),
        memberships,
      })
    ).id;
  ids.inClub = await make([m(club)]);
  ids.notInClub = await make([m(other)]);
  ids.exited = await make([m(club, "EXITED")]);
  ids.both = await make([m(club), m(other)]);
  clubToken = await org.tokenFor({ companyIds: [club] });
});

describe("a club's key and the federation's members", () => {
  it("reads the federation member who is a member of the club; not one who is not, nor one whose membership is EXITED", async () => {
    expect((await call(`/v3/member/${ids.inClub}`, { token: clubToken })).status).toBe(200);
    for (const id of [ids.notInClub, ids.exited]) {
      const res = await call(`/v3/member/${id}`, { token: clubToken });
      expect(res.status).toBe(404);
      expect(res.json.reason).toBe("member not found");
    }
  });

  it("finds only the members in the club, by list and by search (also by full name)", async () => {
    const search = await call("/v3/market/members/search", {
      method: "POST",
      token: clubToken,
      body: { search_text: `Alva${tag} Jakobsson`, limit: 100 },
    });
    expect(search.status).toBe(200);
    expect(search.json.members.map((x: { id: number }) => x.id).sort()).toEqual([ids.inClub, ids.both].sort());
    const list = await call("/v3/member/pagination", { method: "POST", token: clubToken, body: { limit: 100 } });
    expect(list.status).toBe(200);
    const listed = list.json.members.map((x: { id: number }) => x.id);
    expect(listed).toEqual(expect.arrayContaining([ids.inClub, ids.both]));
    expect(listed).not.toContain(ids.notInClub);
    expect(listed).not.toContain(ids.exited);
  });

  it("writes follow the same rule; a membership outside the key's scope stays untouched by its PUT", async () => {
    const [club, other] = org.clubIds;
    expect(
      (await call(`/v3/member/${ids.notInClub}`, { method: "PUT", token: clubToken, body: { firstname: "X" } })).status,
    ).toBe(404);
    expect(
      (await call(`/v3/member/${ids.exited}`, { method: "PUT", token: clubToken, body: { firstname: "X" } })).status,
    ).toBe(404);
    const res = await call(`/v3/member/${ids.both}`, {
      method: "PUT",
      token: clubToken,
      body: {
        phone: "070-1234567",
        memberships: [{ company_id: club, period_id: org.periodId, status: "PENDING_EXIT" }],
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.phone).toBe("070-1234567");
    const statuses = Object.fromEntries(
      res.json.memberships.map((x: { company_id: string; status: string }) => [x.company_id, x.status]),
    );
    expect(statuses).toEqual({ [club]: "PENDING_EXIT", [other]: "MEMBER" });
    // Once the member has left the club (EXITED), the club's key no longer reaches it.
    const left = await call(`/v3/member/${ids.both}`, {
      method: "PUT",
      token: clubToken,
      body: { memberships: [{ company_id: club, period_id: org.periodId, status: "EXITED" }] },
    });
    expect(left.status).toBe(200);
    expect((await call(`/v3/member/${ids.both}`, { token: clubToken })).status).toBe(404);
    expect((await call(`/v3/member/${ids.both}`, { token: org.token })).json.memberships).toHaveLength(2);
  });
});
