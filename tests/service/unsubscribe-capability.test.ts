// A member's uuid with a list's uuid (public: it is in every hosted form's address) unsubscribes the member through
// the contract's open one-click endpoint. A read-only principal read member_uuid from the subscribers list and the
// CSV, and so could unsubscribe anyone while the admin unsubscribe refused it 403 (security finding 7). The uuid is
// shown only to principals with SUBSCRIPTION_LIST.U.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { callerForApiKey } from "@/modules/access/services/api-keys";
import { operatorCaller } from "@/modules/access/services/caller";
import { getMember } from "@/modules/members/services/members";
import { searchMembers } from "@/modules/members/services/search";
import { listSubscribers, setMemberSubscription } from "@/modules/lists/services/subscribers";
import { subscribersCsv } from "@/modules/lists/services/subscribers-export";
import { createList } from "@/modules/lists/services/lists";
import { sendoutLinksForMember } from "@/modules/lists/services/unsubscribe-links";
import { MemberSearchRequest } from "@/modules/members/schemas/member";
import { makeApiKey, makeCompany } from "../helpers";

async function csvText(caller: Parameters<typeof subscribersCsv>[0], listId: number) {
  let text = "";
  for await (const line of (await subscribersCsv(caller, listId, {})).lines) text += line;
  return text;
}

describe("who sees a member's uuid", () => {
  it("principals that may unsubscribe do; read-only ones get null, an empty CSV cell and 403 for the links", async () => {
    const company = await makeCompany("Uuid-föreningen");
    const list = await createList(operatorCaller(), { name: "Nyheter", company_id: company.id });
    const uuid = crypto.randomUUID();
    const member = await db().member.create({
      data: { uuid, organizationId: company.id, email: `uuid-${company.id}@example.se` },
    });
    await setMemberSubscription(operatorCaller(), list.id, member.id, true);

    const modules = ["subscription_list", "member"] as const;
    const readOnly = (await callerForApiKey(
      (await makeApiKey({ companyId: company.id, modules: [...modules], permissions: [], companyIds: [company.id] }))
        .id,
    ))!;
    const writer = (await callerForApiKey(
      (
        await makeApiKey({
          companyId: company.id,
          modules: [...modules],
          permissions: ["SUBSCRIPTION_LIST.U"],
          companyIds: [company.id],
        })
      ).id,
    ))!;

    expect((await listSubscribers(readOnly, list.id, { page: 1, limit: 50 })).subscribers[0].member_uuid).toBeNull();
    expect((await listSubscribers(writer, list.id, { page: 1, limit: 50 })).subscribers[0].member_uuid).toBe(uuid);
    expect(await csvText(readOnly, list.id)).not.toContain(uuid);
    expect(await csvText(writer, list.id)).toContain(uuid);
    expect((await getMember(readOnly, member.id)).uuid).toBeNull();
    expect((await getMember(writer, member.id)).uuid).toBe(uuid);
    const search = MemberSearchRequest.parse({ search_text: `uuid-${company.id}` });
    expect((await searchMembers(readOnly, search)).members.map((m) => m.uuid)).toEqual([null]);
    await expect(sendoutLinksForMember(readOnly, member.id)).rejects.toMatchObject({ status: 403 });
    expect((await sendoutLinksForMember(writer, member.id)).lists).toHaveLength(1);
  });
});
