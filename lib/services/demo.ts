// The demo organization seeded on an empty database: a federation with districts and clubs, an admin user and an
// API key with every module. Credentials are returned once so the start command can print them.
import crypto from "node:crypto";
import { randomToken } from "../crypto";
import { db } from "../db";
import { DEMO_LEISURE_CARD_PROVIDERS, demoOrgNumber } from "../leisure-card/demo-providers";
import { MODULES, PERMISSIONS } from "./access";
import { createAdminUser } from "./admin-users";
import { createApiKey } from "./api-keys";
import { activateGrant, countCompanies, createCompany, createGrant } from "./company-admin";
import { setFkStatus } from "./companies";
import { setLeisureCardApiKey } from "./leisure-card";
import { createProperty, createPropertyGroup } from "./properties";

export interface DemoCredentials {
  adminEmail: string;
  adminPassword: string;
  clientId: string;
  clientSecret: string;
  rootCompanyId: string;
  subscribeListUuid: string;
}

const districts = ["Stockholm", "Göteborg", "Malmö"];
const clubKinds = ["IF", "Simklubb", "Scoutkår", "Schackklubb", "Kulturförening", "Ridklubb", "Friidrottsklubb", "Ungdomsförening"];

const orgNumber = demoOrgNumber;

const demoGrants = [
  { name: "Lokalt aktivitetsstöd", descr: "Kommunalt stöd per deltagartillfälle" },
  { name: "Fritidskortet", descr: "Deltagare kan betala med fritidskortet" },
  { name: "Lovaktiviteter", descr: "Stöd för aktiviteter under skollov" },
];

/** Seeds the demo when the company register is empty; returns null when there was data already. */
export async function seedDemoIfEmpty(): Promise<DemoCredentials | null> {
  if ((await countCompanies()) > 0) return null;
  let seq = 1;
  const idBySeq = new Map<number, string>();
  const clubIds: string[] = [];
  const root = await createCompany({
    name: "Svenska Föreningsförbundet (demo)",
    shortname: "SFF",
    orgNumber: orgNumber(seq++),
    street: "Storgatan 1",
    zipcode: "111 22",
    post: "Stockholm",
    country: "SE",
    email: "kansli@example.org",
    web: "https://example.org",
  });
  idBySeq.set(1, root.id);
  for (const district of districts) {
    const parentSeq = seq;
    const parent = await createCompany({
      name: `${district}s distrikt`,
      orgNumber: orgNumber(seq++),
      parentId: root.id,
      post: district,
      country: "SE",
    });
    idBySeq.set(parentSeq, parent.id);
    for (const kind of clubKinds) {
      const clubSeq = seq;
      const club = await createCompany({
        name: `${district} ${kind}`,
        orgNumber: orgNumber(seq++),
        parentId: parent.id,
        post: district,
        country: "SE",
        cName: "Kim Kassör",
        cEmail: `kontakt@${kind.toLowerCase().replace(/[^a-z]/g, "")}.example.org`,
      });
      idBySeq.set(clubSeq, club.id);
      clubIds.push(club.id);
    }
  }
  await seedDemoEnrollment(idBySeq, clubIds);
  const adminPassword = randomToken(12);
  const adminEmail = "admin@example.org";
  const everything = { modules: [...MODULES], permissions: [...PERMISSIONS], companyIds: null, includeDescendants: true };
  await createAdminUser({
    email: adminEmail,
    name: "Demo Admin",
    password: adminPassword,
    role: "ADMIN",
    access: { name: "Demo admin: everything", ...everything },
  });
  const key = await createApiKey({
    name: "Demo integration",
    companyId: root.id,
    access: { name: "Demo integration: everything", ...everything },
  });
  const subscribeListUuid = await seedDemoList(root.id);
  return { adminEmail, adminPassword, clientId: key.clientId, clientSecret: key.clientSecret, rootCompanyId: root.id, subscribeListUuid };
}

/** Grants on some clubs, and the two leisure-card providers the simulator knows: one approved, one not. */
async function seedDemoEnrollment(idBySeq: Map<number, string>, clubIds: string[]) {
  const grants = [];
  for (const g of demoGrants) grants.push(await createGrant(g));
  for (const [i, clubId] of clubIds.slice(0, 10).entries()) {
    await activateGrant(clubId, grants[i % grants.length].id);
    if (i % 3 === 0) await activateGrant(clubId, grants[(i + 1) % grants.length].id);
  }
  for (const provider of DEMO_LEISURE_CARD_PROVIDERS) {
    const companyId = idBySeq.get(provider.seq);
    if (!companyId) continue;
    await setLeisureCardApiKey(companyId, { apiKey: provider.apiKey, giroType: provider.giroType, giroNumber: provider.giroNumber });
    await setFkStatus("demo-seed", companyId, provider.approved ? "ACTIVE" : "FK_ADDED");
  }
}

/** A newsletter of the federation with questions and a consent text, so the hosted form has something to show. */
async function seedDemoList(companyId: string): Promise<string> {
  const group = await createPropertyGroup({ companyId, name: "Intressen", descr: "Vad vill du få nyheter om?" });
  const questions = [];
  for (const [name, descr] of [
    ["Barn och ungdom", "Aktiviteter för barn och unga"],
    ["Tävlingar", "Kommande tävlingar och resultat"],
    ["Ledarutbildning", "Kurser för ledare och tränare"],
  ]) {
    questions.push(await createProperty({ groupId: group.id, name, descr }));
  }
  const term = await db().term.create({
    data: {
      companyId,
      name: "Samtycke till nyhetsbrev",
      html:
        "<p>Jag samtycker till att förbundet sparar min e-postadress och mina svar för att skicka nyhetsbrev. " +
        'Du kan när som helst avsluta prenumerationen. <a href="https://example.org/integritet">Integritetspolicy</a></p>',
    },
  });
  const list = await db().subscriptionList.create({
    data: {
      uuid: crypto.randomUUID(),
      companyId,
      name: "Förbundsnytt",
      description: "Nyheter från förbundet en gång i månaden.",
      fields: JSON.stringify(["firstname", "lastname"]),
      termId: term.id,
      questions: { create: questions.map((q, position) => ({ propertyId: q.id, position })) },
    },
  });
  return list.uuid;
}
