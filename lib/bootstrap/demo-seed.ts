// The demo organization seeded on an empty database: a federation with districts and clubs, 300 members with
// memberships and events, activities with attendance (demo-activities.ts), a newsletter with subscribers and one sent
// sendout (demo-history.ts), an admin user and an API key with every module. Everything goes through the services as the operator, so the demo is audited like any
// other write. Credentials are returned once so the start command can print them.
import "server-only";
import { randomToken } from "../crypto";
import { DEMO_LEISURE_CARD_PROVIDERS, demoOrgNumber } from "@/modules/companies/services/leisure-card-demo-providers";
import { type Caller, operatorCaller } from "@/modules/access/services/caller";
import { createAdminUser } from "@/modules/access/services/admin-users";
import { createApiKey } from "@/modules/access/services/api-keys";
import { createCompany, registerIsEmpty } from "@/modules/companies/services/changes";
import { updateFkStatus } from "@/modules/companies/services/fk-status";
import { activateGrant, createGrant } from "@/modules/access/services/grants";
import { setLeisureCardApiKey } from "@/modules/companies/services/leisure-card";
import { seedDemoActivities } from "./demo-activities";
import { createLeaderUser } from "@/modules/access/services/leader-accounts";
import { seedDemoHistory } from "./demo-history";
import { generateMembers } from "./member-generator";
import { createProperty } from "@/modules/members/services/properties";
import { createList, updateList } from "@/modules/lists/services/lists";
import { MODULES, PERMISSIONS } from "@/modules/access/schemas/access";

export interface DemoCredentials {
  adminEmail: string;
  adminPassword: string;
  /** The judo group's leader's login (role LEADER: the attendance page only); null when no activity was seeded. */
  leader: { email: string; password: string } | null;
  /** The public uuid of the club whose hosted sign-up page lists the swimming school; null without activities. */
  signupCompanyUuid: string | null;
  clientId: string;
  clientSecret: string;
  rootCompanyId: string;
  subscribeListUuid: string;
}

const districts = ["Stockholm", "Göteborg", "Malmö"];
const clubKinds = [
  "IF",
  "Simklubb",
  "Scoutkår",
  "Schackklubb",
  "Kulturförening",
  "Ridklubb",
  "Friidrottsklubb",
  "Ungdomsförening",
];

const orgNumber = demoOrgNumber;

const demoGrants = [
  { name: "Lokalt aktivitetsstöd", descr: "Kommunalt stöd per deltagartillfälle" },
  { name: "Fritidskortet", descr: "Deltagare kan betala med fritidskortet" },
  { name: "Lovaktiviteter", descr: "Stöd för aktiviteter under skollov" },
];

/** Seeds the demo when the company register is empty; returns null when there was data already. */
export async function seedDemoIfEmpty(): Promise<DemoCredentials | null> {
  if (!(await registerIsEmpty())) return null;
  const seeder: Caller = { ...operatorCaller(), actor: "demo-seed" };
  let seq = 1;
  const idBySeq = new Map<number, string>();
  const clubIds: string[] = [];
  const root = await createCompany(seeder, {
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
    const parent = await createCompany(seeder, {
      name: `${district}s distrikt`,
      orgNumber: orgNumber(seq++),
      parentId: root.id,
      post: district,
      country: "SE",
    });
    idBySeq.set(parentSeq, parent.id);
    for (const kind of clubKinds) {
      const clubSeq = seq;
      const club = await createCompany(seeder, {
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
  await seedDemoEnrollment(seeder, idBySeq, clubIds);
  const adminPassword = randomToken(12);
  const adminEmail = "admin@example.org";
  const everything = {
    modules: [...MODULES],
    permissions: [...PERMISSIONS],
    company_ids: null,
    include_descendants: true,
  };
  await createAdminUser(seeder, {
    email: adminEmail,
    name: "Demo Admin",
    password: adminPassword,
    role: "ADMIN",
    access: everything,
  });
  const key = await createApiKey(seeder, { name: "Demo integration", company_id: root.id, access: everything });
  const list = await seedDemoList(seeder, root.id);
  // 300 members over the clubs, with periods, member types, the list's questions as properties, and events.
  await generateMembers(seeder, { company_id: root.id, members: 300, seed: 2026 });
  // Over half of them on the newsletter, with a history and a sent sendout, so a first sendout has recipients.
  await seedDemoHistory(seeder, { companyId: root.id, listId: list.id, subscribers: 180, seed: 2026 });
  // A judo group with its roster, waitlist and attendance, and a swimming school to come.
  const judo = await seedDemoActivities(seeder, clubIds);
  const leader = judo && { email: "ledare@example.org", password: randomToken(12) };
  if (judo && leader) {
    await createLeaderUser(seeder, { ...leader, name: "Demo Ledare", memberId: judo.leaderId, companyId: judo.clubId });
  }
  return {
    adminEmail,
    adminPassword,
    leader,
    signupCompanyUuid: judo?.clubUuid ?? null,
    clientId: key.client_id,
    clientSecret: key.client_secret,
    rootCompanyId: root.id,
    subscribeListUuid: list.uuid,
  };
}

/** Grants on some clubs, and the two leisure-card providers the simulator knows: one approved, one not. */
async function seedDemoEnrollment(seeder: Caller, idBySeq: Map<number, string>, clubIds: string[]) {
  const grants = [];
  for (const g of demoGrants) grants.push(await createGrant(seeder, g));
  for (const [i, clubId] of clubIds.slice(0, 10).entries()) {
    await activateGrant(seeder, clubId, grants[i % grants.length].id);
    if (i % 3 === 0) await activateGrant(seeder, clubId, grants[(i + 1) % grants.length].id);
  }
  for (const provider of DEMO_LEISURE_CARD_PROVIDERS) {
    const companyId = idBySeq.get(provider.seq);
    if (!companyId) continue;
    await setLeisureCardApiKey(seeder, companyId, {
      api_key: provider.apiKey,
      giro_type: provider.giroType,
      giro_number: provider.giroNumber,
    });
    await updateFkStatus(seeder, companyId, provider.approved ? "ACTIVE" : "FK_ADDED");
  }
}

/** A newsletter of the federation with questions and a consent text, so the hosted form has something to show. */
async function seedDemoList(seeder: Caller, companyId: string): Promise<{ id: number; uuid: string }> {
  const questions = [];
  for (const [name, descr] of [
    ["Barn och ungdom", "Aktiviteter för barn och unga"],
    ["Tävlingar", "Kommande tävlingar och resultat"],
    ["Ledarutbildning", "Kurser för ledare och tränare"],
  ]) {
    const group = { company_id: companyId, group_name: "Intressen", group_descr: "Vad vill du få nyheter om?" };
    questions.push(await createProperty(seeder, { ...group, name, descr }));
  }
  const list = await createList(seeder, {
    company_id: companyId,
    name: "Förbundsnytt",
    description: "Nyheter från förbundet en gång i månaden.",
    fields: ["firstname", "lastname"],
    // As the dashboard proposes for every new list: a subscription counts once its address's owner confirmed it.
    double_opt_in: true,
  });
  await updateList(seeder, list.id, {
    term: {
      name: "Samtycke till nyhetsbrev",
      html:
        "<p>Jag samtycker till att förbundet sparar min e-postadress och mina svar för att skicka nyhetsbrev. " +
        'Du kan när som helst avsluta prenumerationen. <a href="https://example.org/integritet">Integritetspolicy</a></p>',
    },
    question_prop_ids: questions.map((q) => q.prop_id),
  });
  return { id: list.id, uuid: list.uuid };
}
