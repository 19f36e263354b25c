// The demo organization seeded on an empty database: a federation with districts and clubs, an admin user and an
// API key with every module. Credentials are returned once so the start command can print them.
import { randomToken } from "../crypto";
import { MODULES, PERMISSIONS } from "./access";
import { createAdminUser } from "./admin-users";
import { createApiKey } from "./api-keys";
import { countCompanies, createCompany } from "./company-admin";

export interface DemoCredentials {
  adminEmail: string;
  adminPassword: string;
  clientId: string;
  clientSecret: string;
  rootCompanyId: string;
}

const districts = ["Stockholm", "Göteborg", "Malmö"];
const clubKinds = ["IF", "Simklubb", "Scoutkår", "Schackklubb", "Kulturförening", "Ridklubb", "Friidrottsklubb", "Ungdomsförening"];

function orgNumber(seq: number): string {
  const digits = String(8020000000 + seq * 7919).padStart(10, "0");
  return `${digits.slice(0, 6)}-${digits.slice(6)}`;
}

/** Seeds the demo when the company register is empty; returns null when there was data already. */
export async function seedDemoIfEmpty(): Promise<DemoCredentials | null> {
  if ((await countCompanies()) > 0) return null;
  let seq = 1;
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
  for (const district of districts) {
    const parent = await createCompany({
      name: `${district}s distrikt`,
      orgNumber: orgNumber(seq++),
      parentId: root.id,
      post: district,
      country: "SE",
    });
    for (const kind of clubKinds) {
      await createCompany({
        name: `${district} ${kind}`,
        orgNumber: orgNumber(seq++),
        parentId: parent.id,
        post: district,
        country: "SE",
        cName: "Kim Kassör",
        cEmail: `kontakt@${kind.toLowerCase().replace(/[^a-z]/g, "")}.example.org`,
      });
    }
  }
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
  return { adminEmail, adminPassword, clientId: key.clientId, clientSecret: key.clientSecret, rootCompanyId: root.id };
}
