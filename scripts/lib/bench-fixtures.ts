// The data of one `npm run bench` run, made in-process through the services as the operator (like the tests'
// fixtures): the register of N companies, an API key with the company module, and an active subscription list with
// fields, a consent term and questions, so the public bodies are realistic. lib/env.ts reads process.env on first
// use, so the services are imported only once bench.ts has pointed DATABASE_URL at the run's database.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { WEBHOOK_SETTINGS } from "./bench-webhooks";
import { createTestDatabase, type Provider } from "./test-stack";

/** Consent text with the usual markup; stored sanitized, so the C1 floor can serve it as stored. */
const TERM_HTML = [
  "<p>Jag godkänner att <strong>föreningen</strong> sparar mina uppgifter för utskick enligt ",
  '<a href="https://example.org/integritet">integritetspolicyn</a>.</p>',
  "<ul><li>Du kan avsluta prenumerationen när du vill.</li><li>Vi delar inte dina uppgifter med andra.</li></ul>",
].join("");

export interface Fixtures {
  companyId: string;
  key: { client_id: string; client_secret: string };
  listUuid: string;
  questionIds: number[];
}

/** The secrets the server and the bench share (the bench signs nothing itself, but lib/env.ts wants them set). */
export function runSecrets(): Record<string, string> {
  const secret = () => crypto.randomBytes(32).toString("base64url");
  return { JWT_SECRET: secret(), ENCRYPTION_KEY: secret(), LINK_SIGNING_SECRET: secret(), NEXTAUTH_SECRET: secret() };
}

/**
 * A run's fresh database (`<prefix>_<time>_<random>`), the secrets it shares with the server and its server log file
 * under data/bench. The process environment points at them at once: lib/env.ts reads it once, on first use, so this
 * comes before any service is imported.
 */
export async function prepareRun(provider: Provider, prefix: string) {
  const runId = `${prefix}_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  const database = await createTestDatabase(provider, runId);
  const secrets = runSecrets();
  Object.assign(process.env, { DATABASE_URL: database.url, LOG_LEVEL: "warn", ...secrets, ...WEBHOOK_SETTINGS });
  const logFile = path.resolve("data", "bench", `${runId}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  return { database, secrets, logFile };
}

/** What a run holds open, each missing when its start failed; closed in the reverse order of starting. */
export interface OpenRun {
  c1?: { stop(): void };
  stack?: { stop(): Promise<void> };
  smtp?: { stop(): Promise<void> };
}

/** Ends a run whether it succeeded or not: its processes and servers, this process's connection, its database. */
export async function endRun(open: OpenRun, database: { drop(): Promise<void> }): Promise<void> {
  open.c1?.stop();
  await open.stack?.stop();
  await open.smtp?.stop();
  const { disconnectDb } = await import("../../lib/db");
  await disconnectDb();
  await database.drop();
}

/**
 * Configuration for the run, nothing else: every rate limit far above what a run sends (so a 429 never stands in for
 * throughput) and a default subscriber cap above the subscriptions S2 creates.
 */
export const RUN_SETTINGS: Record<string, string> = {
  RATE_LIMIT_TOKEN_BASIC_PER_MIN: "1000000000",
  RATE_LIMIT_TOKEN_REFRESH_PER_MIN: "1000000000",
  RATE_LIMIT_PUBLIC_GET_PER_MIN: "1000000000",
  RATE_LIMIT_PUBLIC_POST_PER_MIN: "1000000000",
  RATE_LIMIT_LOGIN_PAIR_FAILS_PER_15_MIN: "1000000000",
  RATE_LIMIT_LOGIN_IP_FAILS_PER_HOUR: "1000000000",
  RATE_LIMIT_LOGIN_ACCOUNT_FAILS_PER_HOUR: "1000000000",
  RATE_LIMIT_DASHBOARD_WRITE_PER_MIN: "1000000000",
  SUBSCRIBER_CAP_DEFAULT: "100000000",
};

export async function seedRegister(companies: number): Promise<string[]> {
  const { seedLargeRegister } = await import("./large-register");
  const { rootIds } = await seedLargeRegister(companies);
  return rootIds;
}

/** The API key, the list, its term and questions, all of `companyId`. */
export async function makeFixtures(companyId: string): Promise<Fixtures> {
  const { operatorCaller } = await import("../../modules/access/services/caller");
  const { createApiKey } = await import("../../modules/access/services/api-keys");
  const { createProperty } = await import("../../modules/members/services/properties");
  const { createList, updateList } = await import("../../modules/lists/services/lists");
  const { sanitizeConsentHtml } = await import("../../lib/sanitize");
  const operator = operatorCaller();
  const key = await createApiKey(operator, {
    name: "bench",
    company_id: companyId,
    access: { modules: ["company"], permissions: [], company_ids: [companyId], include_descendants: true },
  });
  const questionIds: number[] = [];
  for (const [name, descr] of [
    ["Tävlingar", "Resultat och kallelser till tävlingar"],
    ["Ungdomsverksamhet", "Läger, träningar och aktiviteter för unga"],
    ["Årsmöte", "Kallelse och handlingar inför årsmötet"],
  ]) {
    const property = await createProperty(operator, {
      company_id: companyId,
      group_name: "Intressen",
      group_descr: "Vad vill du få nyheter om?",
      name,
      descr,
    });
    questionIds.push(property.prop_id);
  }
  const list = await createList(operator, {
    name: "Föreningens nyhetsbrev",
    company_id: companyId,
    description: "Nyheter från föreningen ungefär en gång i månaden.",
    fields: ["firstname", "lastname", "phone"],
  });
  await updateList(operator, list.id, {
    is_active: true,
    subscriber_cap: null,
    image_url: "https://example.org/bilder/nyhetsbrev.png",
    show_image: true,
    term: { name: "Villkor för utskick", html: sanitizeConsentHtml(TERM_HTML) },
    question_prop_ids: questionIds,
  });
  return { companyId, key, listUuid: list.uuid, questionIds };
}

/** S2's body: a new address per request (autocannon replaces [<id>]), the list's fields, answers and consent. */
export function subscribeBody(questionIds: number[]): string {
  return JSON.stringify({
    email: "bench-[<id>]@example.org",
    firstname: "Bench",
    lastname: "Besökare",
    phone: "070-123 45 67",
    answered_prop_ids: questionIds.slice(0, 2),
    terms_accepted: true,
  });
}
