// Subscription-list fixtures made through the admin API (so the tests exercise it) and the property service.
import { operatorCaller } from "@/modules/access/services/caller";
import { createProperty } from "@/modules/members/services/properties";
import { db } from "@/lib/db";
import { normalizeEmail } from "@/lib/validation/email";
import { accessTokenFor, call, makeCompany } from "./helpers";

export interface ListFixture {
  companyId: string;
  token: string;
  id: number;
  uuid: string;
  questionIds: number[];
  list: any;
}

export async function makeList(
  options: {
    cap?: number | null;
    termHtml?: string;
    fields?: string[];
    questions?: number;
    isActive?: boolean;
    companyId?: string;
  } = {},
): Promise<ListFixture> {
  const companyId = options.companyId ?? (await makeCompany("Listföreningen")).id;
  const { token } = await accessTokenFor({ companyId, modules: ["subscription_list"], companyIds: [companyId] });
  const created = await call("/v3/subscription_list", {
    method: "POST",
    token,
    body: {
      name: "Nyhetsbrev",
      company_id: companyId,
      description: "Månadens nyheter",
      fields: options.fields ?? ["firstname", "lastname"],
    },
  });
  if (created.status !== 201) throw new Error(`create list failed: ${created.status} ${created.text}`);
  const questionIds: number[] = [];
  if (options.questions) {
    for (let i = 0; i < options.questions; i++) {
      const property = await createProperty(operatorCaller(), {
        company_id: companyId,
        group_name: "Intressen",
        group_descr: "Vad vill du höra om?",
        name: `Intresse ${i + 1}`,
        descr: `Beskrivning ${i + 1}`,
      });
      questionIds.push(property.prop_id);
    }
  }
  const updated = await call(`/v3/subscription_list/${created.json.id}`, {
    method: "PUT",
    token,
    body: {
      subscriber_cap: options.cap === undefined ? null : options.cap,
      is_active: options.isActive ?? true,
      ...(options.termHtml !== undefined ? { term: { name: "Villkor", html: options.termHtml } } : {}),
      ...(questionIds.length ? { question_prop_ids: questionIds } : {}),
    },
  });
  if (updated.status !== 200) throw new Error(`update list failed: ${updated.status} ${updated.text}`);
  return { companyId, token, id: created.json.id, uuid: created.json.uuid, questionIds, list: updated.json };
}

/** An answer of POST /v3/subscription_list/public/{uuid} and the subscription the address now has on the list. */
export type PublicSubscribe<T> = T & {
  subscriber: { member_id: number; subscription_id: number; status: string } | null;
};

/**
 * The public subscribe's answer names no member and no subscription (0: they would tell anyone who types an address
 * who is a member, modules/lists/services/public-subscribe.ts subscribePublicly), so a test reads them from the database: the
 * subscription of the address (normalized as the service does) on the list.
 */
export async function withSubscriber<T>(answer: T, listUuid: string, email: string): Promise<PublicSubscribe<T>> {
  const row = await db().subscription.findFirst({
    where: { list: { uuid: listUuid }, member: { email: normalizeEmail(email), erasedAt: null } },
    select: { id: true, memberId: true, status: true },
  });
  return Object.assign(answer as object, {
    subscriber: row && { member_id: row.memberId, subscription_id: row.id, status: row.status },
  }) as PublicSubscribe<T>;
}
