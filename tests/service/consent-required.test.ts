// The per-list "consent required on the hosted form" setting (modules/lists/services/subscriptions.ts subscribeVisitor, via
// "hosted_form"): the form refuses a subscribe without consent where the list asks for it and has a consent text;
// the /v3 endpoint keeps the contract's rule (terms_accepted optional). New lists require it; staff can turn it off.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { listSubscribers } from "@/modules/lists/services/subscribers";
import { createList, updateList } from "@/modules/lists/services/lists";
import { subscribeVisitor as subscribeParsed } from "@/modules/lists/services/public-subscribe";
import { SubscribeRequest } from "@/modules/lists/schemas/subscription";
import { makeCompany } from "../helpers";

/** A subscribe as the form or the endpoint sends it, parsed by the shared schema. */
const subscribeVisitor = (uuid: string, input: unknown, lang?: "sv" | "en", via?: "api" | "hosted_form") =>
  subscribeParsed(uuid, SubscribeRequest.parse(input), lang, via);

async function listWithTerm(name: string) {
  const company = await makeCompany(`${name}-föreningen`);
  const list = await createList(operatorCaller(), { name, company_id: company.id });
  await updateList(operatorCaller(), list.id, { term: { name: "Samtycke", html: "<p>Ni får spara min adress.</p>" } });
  return list;
}

describe("consent required on the hosted form", () => {
  it("a new list requires it; the form refuses a subscribe without it and stores nothing", async () => {
    const list = await listWithTerm("Krav");
    expect(list.consent_required).toBe(true);
    const email = `utan.${Date.now()}@example.se`;
    await expect(subscribeVisitor(list.uuid, { email }, "sv", "hosted_form")).rejects.toMatchObject({
      status: 400,
      errors: { terms_accepted: ["the list's consent must be accepted"] },
      issueKeys: { terms_accepted: ["consent_required"] },
    });
    expect(await db().member.count({ where: { email } })).toBe(0);

    const accepted = await subscribeVisitor(list.uuid, { email, terms_accepted: true }, "sv", "hosted_form");
    expect(accepted.subscription.status).toBe("SUBSCRIBED");
    const [row] = (await listSubscribers(operatorCaller(), list.id, { page: 1, limit: 50 })).subscribers;
    expect(row.consent_at).not.toBeNull();
  });

  it("the /v3 endpoint keeps terms_accepted optional; the table shows that consent is missing", async () => {
    const list = await listWithTerm("Api");
    const email = `api.${Date.now()}@example.se`;
    const result = await subscribeVisitor(list.uuid, { email });
    expect(result.subscription.status).toBe("SUBSCRIBED");
    const [row] = (await listSubscribers(operatorCaller(), list.id, { page: 1, limit: 50 })).subscribers;
    expect(row).toMatchObject({ email, consent_at: null, answers: [] });
  });

  it("turned off, or without a consent text, the form subscribes without the box", async () => {
    const list = await listWithTerm("Frivillig");
    expect((await updateList(operatorCaller(), list.id, { consent_required: false })).consent_required).toBe(false);
    expect(
      (await subscribeVisitor(list.uuid, { email: `frivillig.${Date.now()}@example.se` }, "sv", "hosted_form"))
        .subscription.status,
    ).toBe("SUBSCRIBED");

    const company = await makeCompany("Utan-text-föreningen");
    const bare = await createList(operatorCaller(), { name: "Utan text", company_id: company.id });
    expect(bare.consent_required).toBe(true);
    expect(
      (await subscribeVisitor(bare.uuid, { email: `bar.${Date.now()}@example.se` }, "sv", "hosted_form")).subscription
        .status,
    ).toBe("SUBSCRIBED");
  });
});
