// db:backup and db:restore through the CLI on the run's provider: a backup of the run's database (filled through
// the real services while other test files keep writing to it) restored into a fresh database holds every row.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { operatorCaller } from "@/modules/access/services/caller";
import { startAdminSession } from "@/modules/access/services/admin-sessions";
import { callerForAdminUser, createAdminUser } from "@/modules/access/services/admin-users";
import { db } from "@/lib/db";
import { sha256Hex } from "@/lib/crypto";
import { confirmTwoFactorSetup, startTwoFactorSetup } from "@/modules/access/services/staff-two-factor";
import { generateSync } from "otplib";
import { createActivity } from "@/modules/activities/services/activities";
import { listOccasions, recordAttendance } from "@/modules/activities/services/occasions";
import { enrollParticipant } from "@/modules/activities/services/participants";
import { addGuardian } from "@/modules/activities/services/families";
import { updateLokSettings } from "@/modules/activities/services/lok-report";
import { UpdateLokSettingsRequest } from "@/modules/activities/schemas/lok";
import { CreateActivityRequest } from "@/modules/activities/schemas/activity";
import { createEvent, registerParticipant } from "@/modules/events/services/events";
import { createImport, getImport, startImport } from "@/modules/imports/services/imports";
import { updateFkStatus } from "@/modules/companies/services/fk-status";
import { activateGrant, createGrant } from "@/modules/access/services/grants";
import { setLeisureCardApiKey } from "@/modules/companies/services/leisure-card";
import { sendSendout } from "@/modules/sendouts/services/states";
import { createSendout } from "@/modules/sendouts/services/sendouts";
import { subscribeVisitor } from "@/modules/lists/services/public-subscribe";
import { suppressAddress } from "@/modules/sendouts/services/suppressions";
import { runWebhookRound } from "@/modules/webhooks/services/delivery";
import { createWebhookEndpoint, sendWebhookTest } from "@/modules/webhooks/services/webhooks";
import { WEBHOOK_EVENT_TYPES } from "@/modules/webhooks/schemas/webhooks";
import { MODULES, PERMISSIONS } from "@/modules/access/schemas/access";
import { CreateEventRequest } from "@/modules/events/schemas/event";
import { CreateSendoutRequest } from "@/modules/sendouts/schemas/sendout";
import { parseInput } from "@/lib/validation/parse";
import { createPostgresDatabase, dropPostgresDatabase, postgresAdminUrl } from "../../scripts/lib/postgres";
import { cli } from "../helpers";
import { createMemberVia, makeOrganization, uniqueEmail } from "../member-fixtures";
import { makeList } from "../subscription-fixtures";
import { startWebhookReceiver } from "../webhook-receiver";

const provider = inject("provider");
const runDatabaseUrl = inject("databaseUrl");

/** Every row of every table, by table and primary key (the whole row where a table has none), as JSON. */
type Snapshot = Map<string, Map<string, string>>;

const json = (value: unknown) => JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One statement through the plain driver; its rows. */
async function runSql<T>(url: string, sql: string): Promise<T[]> {
  if (provider === "sqlite") {
    const db = new Database(url.slice("file:".length), { fileMustExist: true });
    try {
      const statement = db.prepare(sql);
      return statement.reader ? (statement.all() as T[]) : (statement.run(), []);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const bumpCacheEpochs = (url: string, by: number) =>
  runSql(url, `UPDATE "CacheEpoch" SET "version" = "version" + ${by}`);

async function cacheEpochs(url: string): Promise<Record<string, number>> {
  const rows = await runSql<{ name: string; version: number }>(url, 'SELECT "name", "version" FROM "CacheEpoch"');
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.version)]));
}

/**
 * Every row of every table; of CacheEpoch only the names: a restore moves the epochs past the replaced database's
 * (so no running instance keeps its cache), which the second test checks on its own.
 */
async function snapshot(url: string): Promise<Snapshot> {
  const result: Snapshot = new Map();
  const add = (table: string, keyColumns: string[], rows: Record<string, unknown>[]) => {
    if (table === "CacheEpoch") rows = rows.map((row) => ({ name: row.name }));
    const byKey = new Map<string, string>();
    for (const row of rows) byKey.set(keyColumns.length ? json(keyColumns.map((c) => row[c])) : json(row), json(row));
    result.set(table, byKey);
  };
  if (provider === "sqlite") {
    const db = new Database(url.slice("file:".length), { fileMustExist: true, timeout: 5000 });
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
      for (const table of tables) {
        const columns = db.prepare(`PRAGMA table_info(${quote(table)})`).all() as { name: string; pk: number }[];
        const key = columns
          .filter((c) => c.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((c) => c.name);
        add(table, key, db.prepare(`SELECT * FROM ${quote(table)}`).all() as Record<string, unknown>[]);
      }
    } finally {
      db.close();
    }
    return result;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    for (const { name } of tables) {
      const { rows: keyRows } = await client.query<{ column: string }>(
        `SELECT a.attname AS column FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
         WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
        [quote(name)],
      );
      add(
        name,
        keyRows.map((r) => r.column),
        (await client.query(`SELECT * FROM ${quote(name)}`)).rows,
      );
    }
  } finally {
    await client.end();
  }
  return result;
}

function rowCount(snap: Snapshot): number {
  return [...snap.values()].reduce((n, rows) => n + rows.size, 0);
}

/** A fresh, empty database of the run's provider (SQLite: a file that does not exist yet). */
const created: { drop(): Promise<void> }[] = [];
async function freshDatabase(label: string): Promise<string> {
  const name = `backup_${label}_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  if (provider === "postgres") {
    const url = await createPostgresDatabase(postgresAdminUrl(), name);
    created.push({ drop: () => dropPostgresDatabase(postgresAdminUrl(), name) });
    return url;
  }
  const file = path.resolve("data", "test", `${name}.db`);
  created.push({
    drop: async () => ["", "-wal", "-shm"].forEach((suffix) => fs.rmSync(file + suffix, { force: true })),
  });
  return `file:${file}`;
}

/** What `prisma migrate deploy` (run by every start) says about the database. */
function migrateDeploy(url: string): string {
  return execFileSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  }).toString();
}

/** Rows of every kind, made through the services and the API as users make them. */
async function fillThroughServices() {
  const operator = operatorCaller();
  const org = await makeOrganization(); // companies, a period, a member type, properties, an API key with tokens
  // A webhook endpoint first, so the changes below emit its events; delivered at the end to a receiver of this test's.
  const receiver = await startWebhookReceiver();
  const endpoint = await createWebhookEndpoint(operator, {
    company_id: org.rootId,
    url: receiver.url,
    events: [...WEBHOOK_EVENT_TYPES],
    description: "Kansliet",
  });
  receiver.setSecret(endpoint.secret);
  const member = await createMemberVia(org.token, {
    company_id: org.rootId,
    email: uniqueEmail("backup"),
    firstname: "Åsa",
    lastname: "Öberg",
    memberships: [{ company_id: org.clubIds[0], period_id: org.periodId, member_type_id: org.memberTypeId }],
    prop_ids: [org.propIds[0]],
  });
  const list = await makeList({ companyId: org.rootId, questions: 1, termHtml: "<p>Jag godkänner villkoren</p>" });
  await subscribeVisitor(list.uuid, {
    email: uniqueEmail("prenumerant"),
    firstname: "Sven",
    lastname: undefined,
    phone: undefined,
    terms_accepted: true,
    answered_prop_ids: list.questionIds,
  });
  await updateFkStatus(operator, org.clubIds[1], "ML_ADDED");
  await updateFkStatus(operator, org.clubIds[1], "ACTIVE");
  const grant = await createGrant(operator, { name: `Aktivitetsstöd ${crypto.randomBytes(3).toString("hex")}` });
  await activateGrant(operator, org.clubIds[1], grant.id);
  await setLeisureCardApiKey(operator, org.clubIds[1], {
    api_key: "fk-nyckel-hemlig",
    giro_type: "BANKGIRO",
    giro_number: "5555-5555",
  });
  const event = await createEvent(
    operator,
    parseInput(CreateEventRequest, {
      company_id: org.rootId,
      name: "Årsmöte",
      starts_at: "2026-03-01T18:00:00+01:00",
      ends_at: "2026-03-01T20:00:00+01:00",
    }),
  );
  await registerParticipant(operator, event.id, member.id);
  // An activity with its rule, occasions, leader, participant, attendance and its history.
  const activity = await createActivity(
    operator,
    parseInput(CreateActivityRequest, {
      company_id: org.rootId,
      name: "Judo",
      schedule: [{ weekday: 2, start_time: "18:00", duration_minutes: 60, from: "2026-09-01", to: "2026-09-15" }],
      leader_ids: [member.id],
    }),
  );
  await enrollParticipant(operator, activity.id, member.id);
  // A family: a guardian of the member with the guardian's consent, and a hosted sign-up waiting for its link's button.
  const guardian = await createMemberVia(org.token, { company_id: org.rootId, email: uniqueEmail("vardnadshavare") });
  await addGuardian(operator, member.id, guardian.id, "förälder");
  await db().guardianConsent.create({
    data: {
      guardianId: guardian.id,
      childId: member.id,
      consentKey: "activity-signup-v1",
      givenAt: new Date(),
      source: "dashboard",
    },
  });
  await db().activitySignup.create({
    data: {
      activityId: activity.id,
      details: "{}",
      guardianEmail: uniqueEmail("anmalan"),
      tokenHash: sha256Hex(crypto.randomBytes(32).toString("base64url")),
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  const [firstOccasion] = await listOccasions(operator, activity.id, {});
  await recordAttendance(operator, firstOccasion.id, [{ member_id: member.id, status: "PRESENT" }]);
  await updateLokSettings(
    operator,
    parseInput(UpdateLokSettingsRequest, {
      company_id: org.rootId,
      min_age: 7,
      max_age: 25,
      min_participants: 3,
      min_leader_age: 13,
      min_minutes: 60,
      max_participants_per_leader: 20,
    }),
  );
  const sendout = await createSendout(
    operator,
    parseInput(CreateSendoutRequest, {
      company_id: org.rootId,
      list_ids: [list.id],
      activity_ids: [activity.id], // its SendoutActivity row
      subject: "Kallelse",
      html: "<p>Välkommen</p>",
    }),
  );
  await sendSendout(operator, sendout.id, {}); // its recipient row (the suite's server sends nothing)
  await suppressAddress(operator, {
    company_id: org.rootId,
    email: uniqueEmail("sparrad"),
    note: "Bad oss sluta skicka",
  });
  const admin = await createAdminUser(operator, {
    email: uniqueEmail("admin"),
    name: "Backup Admin",
    password: crypto.randomBytes(12).toString("base64url"),
    role: "VIEWER",
    access: { modules: [...MODULES], permissions: [...PERMISSIONS], company_ids: null, include_descendants: true },
  });
  await startAdminSession(admin.id); // a signed-in dashboard session
  // Two-factor sign-in on (its recovery codes) and a password reset link waiting (a row as the mail would make it).
  const adminCaller = (await callerForAdminUser(admin.id))!;
  await confirmTwoFactorSetup(adminCaller, generateSync({ secret: (await startTwoFactorSetup(adminCaller)).secret }));
  await db().adminPasswordReset.create({
    data: {
      adminUserId: admin.id,
      tokenHash: sha256Hex(crypto.randomBytes(32).toString("base64url")),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  // A leader's invitation waiting for its link (a row as the invitation makes it).
  await db().leaderInvitation.create({
    data: {
      tokenHash: sha256Hex(crypto.randomBytes(32).toString("base64url")),
      email: uniqueEmail("ledare"),
      name: "Backup Ledare",
      memberId: member.id,
      companyId: org.rootId,
      invitedBy: "cli",
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  // A change of address waiting for its link's button (a row as the preference page's request makes it).
  await db().emailChange.create({
    data: {
      memberId: member.id,
      oldEmail: member.email!,
      newEmail: uniqueEmail("ny-adress"),
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  // A member import run to its end: the run, the organization's remembered mapping and the run's rows. Other files'
  // imports were the only ones here, and this file's place in the run decided whether the tables had rows.
  const file = new Blob([`email,firstname\n${uniqueEmail("import")},Ida\n`]).stream();
  const upload = await createImport(
    operator,
    { kind: "MEMBER", company_id: org.rootId, file_name: "medlemmar.csv" },
    "text/csv",
    file,
  );
  await startImport(operator, upload.id, { mapping: { email: "email", firstname: "firstname" } });
  for (let i = 0; i < 400 && !["DONE", "FAILED"].includes((await getImport(operator, upload.id)).status); i++)
    await new Promise((r) => setTimeout(r, 50));
  // Events, deliveries and attempts (the suite's server delivers nothing: this process does, once).
  await sendWebhookTest(operator, endpoint.id);
  await runWebhookRound("backup-test", () => false);
  await receiver.stop();
}

describe(`db:backup and db:restore (${provider})`, () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "forening-backup-"));
  const runBackup = path.join(folder, provider === "sqlite" ? "run.db" : "run.dump");
  let restoredUrl: string;

  beforeAll(async () => {
    // Read by lib/env.ts on its first call, which comes after this: the receiver is on http://127.0.0.1.
    Object.assign(process.env, { WEBHOOK_ALLOW_HTTP: "true", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
    await fillThroughServices();
  });

  afterAll(async () => {
    for (const database of created) await database.drop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it(
    "backs up the running service's database and restores every row into a fresh database",
    { timeout: 240_000 },
    async () => {
      const before = await snapshot(runDatabaseUrl);
      const backup = cli(["db:backup", runBackup]);
      const after = await snapshot(runDatabaseUrl);
      expect(backup).toMatchObject({
        code: 0,
        json: { provider, file: runBackup, bytes: fs.statSync(runBackup).size },
      });
      expect(fs.statSync(runBackup).mode & 0o777).toBe(0o600); // personal data

      restoredUrl = await freshDatabase("a");
      const restore = cli(["db:restore", runBackup], { databaseUrl: restoredUrl });
      expect(restore.code).toBe(0);
      const restored = await snapshot(restoredUrl);

      // The same tables, each of them filled by fillThroughServices (Prisma's bookkeeping included).
      expect([...restored.keys()].sort()).toEqual([...before.keys()].sort());
      for (const [table, rows] of before) expect(rows.size, `rows in ${table}`).toBeGreaterThan(0);
      expect(restore.json.tables).toEqual(
        Object.fromEntries([...restored].filter(([t]) => !t.startsWith("sqlite_")).map(([t, rows]) => [t, rows.size])),
      );
      expect(restore.json.rows).toBe(
        Object.values(restore.json.tables as Record<string, number>).reduce((a, b) => a + b, 0),
      );

      // Other test files write while the backup runs: every row that did not change meanwhile is in the restored
      // database exactly as it was (the next test compares a quiet database's copy row for row, both ways).
      let stableRows = 0;
      for (const [table, rowsBefore] of before) {
        const rowsAfter = after.get(table)!;
        const rowsRestored = restored.get(table)!;
        for (const [key, row] of rowsBefore) {
          if (rowsAfter.get(key) !== row) continue;
          stableRows += 1;
          expect(rowsRestored.get(key), `${table} ${key}`).toBe(row);
        }
      }
      expect(stableRows).toBeGreaterThan(rowCount(before) * 0.9);

      // Its migrations are intact: a start of the service would find nothing to apply.
      expect(migrateDeploy(restoredUrl)).toContain("No pending migrations to apply.");
    },
  );

  it(
    "restores a backup of the restored database into another exactly, and refuses a non-empty target without --force",
    { timeout: 240_000 },
    async () => {
      // Nothing else writes to these databases: the copy of a copy is identical, table by table and row by row.
      const secondBackup = path.join(folder, provider === "sqlite" ? "second.db" : "second.dump");
      expect(cli(["db:backup", secondBackup], { databaseUrl: restoredUrl }).code).toBe(0);
      expect(cli(["db:backup", secondBackup], { databaseUrl: restoredUrl })).toMatchObject({
        code: 1,
        json: { status: 409, reason: `${secondBackup} exists; add --force to overwrite it` },
      });
      const target = await freshDatabase("b");
      expect(cli(["db:restore", secondBackup], { databaseUrl: target }).code).toBe(0);
      const original = await snapshot(restoredUrl);
      expect(await snapshot(target)).toEqual(original);

      // The target now holds data (plus a company the backup lacks): a restore without --force changes nothing.
      const added = cli(["company:create", "--name", "Efter backupen IF", "--org-number", "802999-0001"], {
        databaseUrl: target,
      });
      expect(added.code).toBe(0);
      const targetBefore = await snapshot(target);
      const refused = cli(["db:restore", secondBackup], { databaseUrl: target });
      expect(refused.code).toBe(1);
      expect(refused.json).toMatchObject({ status: 409 });
      expect(refused.json.reason).toMatch(
        /^the database is not empty \(rows in \d+ table\(s\): .*Company.*\); add --force to replace everything in it with the backup$/,
      );
      expect(await snapshot(target)).toEqual(targetBefore);

      // With --force it is replaced: the company added after the backup is gone, everything else is as backed up.
      await bumpCacheEpochs(target, 1_000_000); // this database saw more changes than the backed-up one
      const epochsBefore = await cacheEpochs(target);
      expect(cli(["db:restore", secondBackup, "--force"], { databaseUrl: target }).code).toBe(0);
      expect(await snapshot(target)).toEqual(original);
      // Every cache epoch is past any value an instance on the replaced database can have cached under.
      const highestBefore = Math.max(...Object.values(epochsBefore));
      for (const [name, version] of Object.entries(await cacheEpochs(target)))
        expect(version, name).toBeGreaterThan(highestBefore);
    },
  );

  it(
    "refuses a file that is not a backup of the configured provider, changing nothing",
    { timeout: 120_000 },
    async () => {
      const stranger = path.join(folder, "not-a-backup.txt");
      fs.writeFileSync(stranger, "hello");
      const target = await freshDatabase("c");
      const expected =
        provider === "sqlite"
          ? "is not a SQLite backup of this service"
          : "is not a pg_dump (custom format) backup of this service";
      expect(cli(["db:restore", stranger], { databaseUrl: target })).toMatchObject({
        code: 1,
        json: { status: 400, errors: { file: [expected] } },
      });
      expect(cli(["db:restore", path.join(folder, "missing.db")], { databaseUrl: target }).json).toMatchObject({
        status: 400,
        errors: { file: [expect.stringMatching(/^cannot read /)] },
      });
      expect(rowCount(await snapshot(target).catch(() => new Map()))).toBe(0);
    },
  );
});
