// The cache-epoch triggers cover what the cached loaders read (lib/cache/README.md). Each loader runs once on a cold
// cache; the columns its SQL reads are taken from the statements it sent, and each must be covered by a trigger of the
// loader's epoch in the live database (sqlite_master / pg_trigger): an UPDATE trigger naming the column (or naming
// none), and a DELETE trigger on its table; an INSERT trigger too, where a new row joins a cached result. A column the
// triggers do not cover would let the cache serve stale data without a sign. What is read but left out on purpose is
// listed below, with the reason.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { EpochName } from "@/lib/cache/epoch-cache";
import { db, watchStatements } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { callerForApiKey, verifyClientCredentials } from "@/modules/access/services/api-keys";
import { getCompanyFk, listCompanyRegister, registerJson } from "@/modules/companies/services/companies";
import { memberScopeCompanies, paginateMembers, searchMembers } from "@/modules/members/services/search";
import { getPublicListInfo } from "@/modules/lists/services/public-lists";
import { revokedFamilies } from "@/modules/access/services/tokens";
import { anyWebhookEndpointEnabled } from "@/modules/webhooks/services/events";
import { MemberPaginationRequest, MemberSearchRequest } from "@/modules/members/schemas/member";
import { makeApiKey, makeCompany } from "../helpers";
import { makeList } from "../subscription-fixtures";

/** Columns read but not invalidating, on purpose. */
const LEFT_OUT: Record<string, string> = {
  "ApiKey.id": "a primary key never changes",
  "Member.id": "a primary key never changes",
  "Member.searchText":
    "written by its own triggers from firstname, lastname, email and phone, in the statement that changed them (which moves the epoch)",
  "SubscriptionList.id": "a primary key never changes",
  "WebhookEndpoint.id": "a primary key never changes (counted, not shown)",
  "ApiKey.createdAt": "set once, never changed",
  "SubscriptionList.createdAt": "set once, never changed",
  "ApiKey.lastUsedAt":
    "changes with token requests; modules/access/services/tokens.ts keeps its own note of when it wrote it",
  "SubscriptionList.activeCount": "changes with every subscribe; not part of the public info",
  "SubscriptionList.subscriberCap": "not part of the public info; a subscribe reads it in its own transaction",
  "SubscriptionList.updatedAt": "changes with every subscribe; not part of the public info",
};

/** Tables of a loader whose new rows cannot join a result already cached, so they need no INSERT trigger. */
const NO_INSERT_TRIGGER: Record<string, string> = {
  "access:ApiKey": "a cached key is found by its own id or client_id; an unknown one is never cached",
  "access:AccessGroup": "reached through ApiKey.accessGroupId, whose change bumps the epoch",
  "access:RefreshToken": "a new refresh token is never revoked: only revoked families are cached",
  "public_lists:SubscriptionList": "a cached list is found by its own uuid; an unknown one is never cached",
  "public_lists:Company": "reached through SubscriptionList.companyId",
  "public_lists:Term": "reached through SubscriptionList.termId",
  "public_lists:Property": "reached through ListQuestion, whose insert bumps the epoch",
  "public_lists:PropertyGroup": "reached through Property.groupId",
  "companies:Grant": "reached through CompanyGrant, whose insert bumps the epoch",
};

interface Trigger {
  epoch: string;
  table: string;
  event: "INSERT" | "UPDATE" | "DELETE";
  /** The columns of `AFTER UPDATE OF …`; null: any column. */
  columns: string[] | null;
}

const unquote = (name: string) => name.trim().replace(/^[`"]|[`"]$/g, "");

/** The epoch triggers as the database holds them: SQLite's text as written, PostgreSQL's as pg_get_triggerdef prints it. */
async function epochTriggers(): Promise<Trigger[]> {
  const rows =
    inject("provider") === "postgres"
      ? await db().$queryRawUnsafe<{ sql: string }[]>(
          "SELECT pg_get_triggerdef(oid) AS sql FROM pg_trigger WHERE NOT tgisinternal",
        )
      : await db().$queryRawUnsafe<{ sql: string }[]>("SELECT sql FROM sqlite_master WHERE type = 'trigger'");
  return rows
    .filter((row) => /CacheEpoch|bump_cache_epoch/.test(row.sql))
    .map((row) => {
      const definition = /AFTER (INSERT|UPDATE|DELETE)(?: OF (.+?))? ON ((?:\w+\.)?"?\w+"?)/.exec(row.sql);
      const epoch = /'(\w+)'/.exec(row.sql);
      if (!definition || !epoch) throw new Error(`unreadable epoch trigger: ${row.sql}`);
      return {
        epoch: epoch[1],
        table: unquote(definition[3].split(".").pop()!),
        event: definition[1] as Trigger["event"],
        columns: definition[2] ? definition[2].split(",").map(unquote) : null,
      };
    });
}

/**
 * The table.column pairs a statement reads. Prisma qualifies every column (`main`.`Term`.`id`, "public"."Term"."id",
 * or a join alias "j0"."id"); the loaders' own SQL qualifies them by alias (c."name") or names one table only.
 */
function columnsRead(statement: string): Set<string> {
  const sql = statement.replaceAll("`", '"').replace(/"(main|public)"\./g, "");
  const tables = new Map<string, string>(); // alias or name -> table
  for (const [, table, alias] of sql.matchAll(/\b(?:FROM|JOIN)\s+"(\w+)"(?:\s+(?:AS\s+)?"?([a-z]\w*)"?)?/g)) {
    tables.set(table, table);
    if (alias) tables.set(alias, table);
  }
  const read = new Set<string>();
  for (const [, quoted, bare, column] of sql.matchAll(/(?:"(\w+)"|\b(\w+))\."(\w+)"/g)) {
    const table = tables.get(quoted ?? bare);
    if (!table) throw new Error(`column ${column} of an unknown table or alias ${quoted ?? bare} in: ${statement}`);
    read.add(`${table}.${column}`);
  }
  const names = new Set(tables.keys());
  const unqualified = [...sql.matchAll(/(?<![.\w"]|AS )"(\w+)"(?!\.)/g)]
    .map((m) => m[1])
    .filter((name) => !names.has(name));
  if (unqualified.length) {
    const distinct = new Set(tables.values());
    if (distinct.size !== 1) throw new Error(`unqualified columns in a statement over several tables: ${statement}`);
    const [table] = distinct;
    for (const column of unqualified) read.add(`${table}.${column}`);
  }
  return read;
}

/** Moves an epoch as a change in another process would (on PostgreSQL the members epoch is in shards; not this one). */
const bumpEpoch = (name: EpochName) =>
  db().$executeRaw`UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = ${name}`;

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

interface Loader {
  name: string;
  epoch: EpochName;
  load(): Promise<unknown>;
}

let loaders: Loader[];
let triggers: Trigger[];

beforeAll(async () => {
  const list = await makeList({ termHtml: "<p>Villkor</p>", questions: 2 });
  const key = await makeApiKey();
  const company = await makeCompany();
  const memberCaller = (await callerForApiKey(
    (await makeApiKey({ companyId: company.id, companyIds: [company.id] })).id,
  ))!;
  // Each loads something this file has not read before, so each runs its query (the register: this process's first).
  loaders = [
    { name: "public list info (getPublicListInfo)", epoch: "public_lists", load: () => getPublicListInfo(list.uuid) },
    {
      name: "key behind a client_id (verifyClientCredentials)",
      epoch: "access",
      load: () => verifyClientCredentials(key.client_id, key.client_secret),
    },
    { name: "caller behind an API key (callerForApiKey)", epoch: "access", load: () => callerForApiKey(key.id) },
    { name: "revoked refresh-token families (revokedFamilies)", epoch: "access", load: () => revokedFamilies() },
    {
      name: "enrollment view (getCompanyFk)",
      epoch: "companies",
      load: () => getCompanyFk(operatorCaller(), company.id),
    },
    { name: "whole register (registerJson)", epoch: "companies", load: () => registerJson(operatorCaller()) },
    {
      name: "dashboard register (listCompanyRegister)",
      epoch: "companies",
      load: () => listCompanyRegister(operatorCaller()),
    },
    {
      name: "whether an endpoint is enabled (anyWebhookEndpointEnabled)",
      epoch: "webhook_endpoints",
      load: () => anyWebhookEndpointEnabled(db()),
    },
    {
      name: "companies of a member scope (memberScopeCompanies)",
      epoch: "companies",
      load: () => memberScopeCompanies(memberCaller),
    },
    {
      // After the loader above, so the scope is cached: in a company without members only the orders are read.
      name: "orders of the member list and search (memberOrder)",
      epoch: "members",
      load: () =>
        Promise.all([
          paginateMembers(
            memberCaller,
            MemberPaginationRequest.parse({
              options: { period_id: 1, statuses: ["MEMBER"] },
              orderBy: { birthdate: "asc" },
            }),
          ),
          searchMembers(
            memberCaller,
            MemberSearchRequest.parse({
              search_text: "Alva",
              sort_by: "name_asc",
              filters: {
                member_variables: { email: "EXISTS", statuses: ["MEMBER"], age_from: 18, age_to: 30 },
                companies: { company_ids: [company.id], include: "ANY" },
                events: { event_ids: [1], include: "ANY" },
                properties: { prop_ids: [1], include: "NONE" },
              },
            }),
          ),
          searchMembers(
            memberCaller,
            MemberSearchRequest.parse({ filters: { companies: { company_ids: [company.id], include: "ALL" } } }),
          ),
        ]),
    },
  ];
  triggers = await epochTriggers();
});

describe("cache-epoch triggers", () => {
  it("every epoch cache in lib/ and modules/ has its loader in this test", () => {
    const sources = ["lib", "modules"].flatMap((root) =>
      fs
        .readdirSync(root, { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".ts") && !file.startsWith("generated"))
        .map((file) => fs.readFileSync(path.join(root, file), "utf8")),
    );
    const caches = sources.reduce((count, source) => count + (source.match(/new EpochCache</g)?.length ?? 0), 0);
    expect(caches, "a new EpochCache: add its loader to this test").toBe(loaders.length);
  });

  it("cover every column each cached loader reads", async () => {
    const uncovered: string[] = [];
    // A statement a loader before sent was checked under that loader's epoch. A loader may send it again: the orders
    // read the scope through the scope's own cache, which reloads when a company changed in between (below, on purpose,
    // as any other process may do it at any time).
    const checked = new Set<string>();
    for (const loader of loaders) {
      if (loader.epoch === "members") await bumpEpoch("companies");
      const watch = watchStatements();
      await loader.load();
      await settled(); // a statement's log event may come after its result
      watch.stop();
      const own = watch.statements.filter((statement) => !checked.has(statement));
      for (const statement of own) checked.add(statement);
      const read = new Set(own.flatMap((statement) => [...columnsRead(statement)]));
      expect(read.size, `${loader.name} sent no statement: was it cached already?`).toBeGreaterThan(0);
      const ofEpoch = triggers.filter((t) => t.epoch === loader.epoch);
      const has = (table: string, event: Trigger["event"], column?: string) =>
        ofEpoch.some(
          (t) =>
            t.table === table && t.event === event && (!column || t.columns === null || t.columns.includes(column)),
        );
      for (const tableColumn of read) {
        const [table, column] = tableColumn.split(".");
        if (!(tableColumn in LEFT_OUT) && !has(table, "UPDATE", column))
          uncovered.push(`${loader.name}: UPDATE OF ${tableColumn}`);
      }
      for (const table of new Set([...read].map((tableColumn) => tableColumn.split(".")[0]))) {
        if (!has(table, "DELETE")) uncovered.push(`${loader.name}: DELETE ON ${table}`);
        if (!(`${loader.epoch}:${table}` in NO_INSERT_TRIGGER) && !has(table, "INSERT"))
          uncovered.push(`${loader.name}: INSERT ON ${table}`);
      }
    }
    expect(
      uncovered,
      `not covered by an epoch trigger (add it in a migration, or to LEFT_OUT with the reason)`,
    ).toEqual([]);
  });
});
