// The world the fuzz tests attack: an organization (a federation with a club) holding one of everything, another
// organization beside it, and credentials of every kind. Its stored state is read back as one digest, so a test can
// say "nothing changed" after a refused request. Other test files run beside these but never touch these companies.
import crypto from "node:crypto";
import { SignJWT } from "jose";
import { inject } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { createEvent } from "@/modules/events/services/events";
import { accessTokenFor, basicHeader, call, makeApiKey, makeCompany, tokensFor } from "../helpers";
import { createMemberVia, uniqueEmail } from "../member-fixtures";
import { makeList } from "../subscription-fixtures";

export interface World {
  companyIds: string[];
  listIds: number[];
  listUuids: string[];
  memberIds: number[];
  memberUuids: string[];
  eventIds: number[];
  propIds: number[];
  /** Values a path segment may take that name real objects (in scope and out of it). */
  realIds: string[];
  authorizations: string[];
  /** The values above by kind, so a regression case names them ("$listIds.0") and replays in any run's world. */
  named: Record<string, string[]>;
  digest(): Promise<string>;
}

async function expiredToken(apiKeyId: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ client_id: "fuzz" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(apiKeyId))
    .setIssuer("forening-service")
    .setAudience("v3")
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(inject("secrets").JWT_SECRET));
}

export async function makeWorld(): Promise<World> {
  const root = await makeCompany("Fuzzförbundet");
  const club = await makeCompany("Fuzzklubben", root.id);
  const other = await makeCompany("Grannförbundet");
  const lists = [
    await makeList({ companyId: root.id, questions: 2, termHtml: "<p>Villkor</p>" }),
    await makeList({ companyId: other.id }),
  ];
  const { key, token } = await accessTokenFor({ companyId: root.id, companyIds: [root.id] });
  const readOnly = await accessTokenFor({
    companyId: root.id,
    companyIds: [root.id],
    modules: ["company", "subscription_list", "member", "event"],
    permissions: [],
  });
  const members = [
    await createMemberVia(token, { email: uniqueEmail("fuzz"), firstname: "Första", company_id: root.id }),
    await createMemberVia(token, { email: uniqueEmail("fuzz"), firstname: "Andra", company_id: club.id }),
  ];
  const subscribed = await call(`/v3/subscription_list/${lists[0].id}/subscribe/${members[0].id}`, {
    method: "POST",
    token,
  });
  if (subscribed.status >= 300) throw new Error(`fuzz world: subscribe failed ${subscribed.status} ${subscribed.text}`);
  const event = await createEvent(operatorCaller(), {
    company_id: root.id,
    name: "Fuzzdagen",
    starts_at: new Date("2027-03-01T09:00:00Z"),
    ends_at: new Date("2027-03-01T11:00:00Z"),
    time_zone: "Europe/Stockholm",
    capacity: 5,
  });
  const basicKey = await makeApiKey({ companyId: root.id, companyIds: [root.id] });
  const companyIds = [root.id, club.id, other.id];
  const world = {
    companyIds,
    listIds: lists.map((l) => l.id),
    listUuids: lists.map((l) => l.uuid),
    memberIds: members.map((m) => m.id),
    memberUuids: members.map((m) => m.uuid),
    eventIds: [event.id],
    propIds: lists[0].questionIds,
  };
  const authorizations = [
    `Bearer ${token}`,
    `Bearer ${readOnly.token}`,
    `Bearer ${await expiredToken(key.id)}`,
    basicHeader(basicKey.client_id, basicKey.client_secret),
    `Bearer ${(await tokensFor(basicKey)).access_token}x`,
  ];
  const ids = {
    companyIds,
    listIds: world.listIds.map(String),
    listUuids: world.listUuids,
    memberIds: world.memberIds.map(String),
    memberUuids: world.memberUuids,
    eventIds: world.eventIds.map(String),
    propIds: world.propIds.map(String),
  };
  return {
    ...world,
    realIds: Object.values(ids).flat(),
    authorizations,
    named: { ...ids, authorizations },
    digest: () => digestOf(companyIds, key.id),
  };
}

/** Every stored row of the world's companies and of its main API key, as one hash. */
async function digestOf(companyIds: string[], apiKeyId: number): Promise<string> {
  const inCompanies = { in: companyIds };
  const d = db();
  const memberOfWorld = { member: { organizationId: inCompanies } };
  const rows = await Promise.all([
    d.company.findMany({ where: { id: inCompanies }, orderBy: { id: "asc" } }),
    d.companyGrant.findMany({ where: { companyId: inCompanies }, orderBy: { id: "asc" } }),
    d.fkStatusChange.findMany({ where: { companyId: inCompanies }, orderBy: { id: "asc" } }),
    d.leisureCardApiKey.findMany({ where: { companyId: inCompanies }, orderBy: { id: "asc" } }),
    d.subscriptionList.findMany({
      where: { companyId: inCompanies },
      orderBy: { id: "asc" },
      include: { questions: true },
    }),
    d.term.findMany({ where: { companyId: inCompanies }, orderBy: { id: "asc" } }),
    d.subscription.findMany({
      where: { list: { companyId: inCompanies } },
      orderBy: [{ listId: "asc" }, { memberId: "asc" }],
    }),
    d.member.findMany({ where: { organizationId: inCompanies }, orderBy: { id: "asc" } }),
    d.membership.findMany({ where: memberOfWorld, orderBy: { id: "asc" } }),
    d.memberProperty.findMany({ where: memberOfWorld, orderBy: [{ memberId: "asc" }, { propertyId: "asc" }] }),
    d.memberConsent.findMany({ where: memberOfWorld, orderBy: { id: "asc" } }),
    d.event.findMany({ where: { companyId: inCompanies }, orderBy: { id: "asc" }, include: { participants: true } }),
    d.period.findMany({ where: { companyId: inCompanies }, orderBy: { id: "asc" } }),
    d.memberType.findMany({ where: { companyId: inCompanies }, orderBy: { id: "asc" } }),
    d.propertyGroup.findMany({
      where: { companyId: inCompanies },
      orderBy: { id: "asc" },
      include: { properties: true },
    }),
    d.auditEntry.findMany({ where: { companyId: inCompanies }, orderBy: { id: "asc" } }),
    d.refreshToken.findMany({ where: { apiKeyId }, orderBy: { id: "asc" } }),
    d.apiKey.findMany({ where: { id: apiKeyId }, select: { revokedAt: true } }),
  ]);
  return crypto
    .createHash("sha256")
    .update(JSON.stringify(rows, (_k, v) => (typeof v === "bigint" ? String(v) : v)))
    .digest("hex");
}
