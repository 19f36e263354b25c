// The member scenarios of `npm run bench`: the member list and the member search at 100,000 members, over HTTP next
// to the same service calls in-process (what HTTP, auth and JSON add) and the trivial route (the framework's ceiling).
import { operatorCaller } from "../../lib/services/access";
import { callerForApiKey, createApiKey } from "../../lib/services/api-keys";
import { generateMembers } from "../../lib/services/member-generator";
import { paginateMembers, searchMembers } from "../../lib/services/member-search";
import { MemberPaginationRequest, MemberSearchRequest } from "../../lib/validation/member";

export interface BenchRow {
  scenario: string;
  concurrency: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

type Timed = { p50: number; p99: number; perSecond: number };

/** Generates the organization under `rootId` and an API key with the member module; returns what the runs need. */
export async function prepareMembers(rootId: string, count: number) {
  const started = performance.now();
  const generated = await generateMembers(operatorCaller(), { company_id: rootId, members: count, seed: 1 });
  const seconds = (performance.now() - started) / 1000;
  const key = await createApiKey(operatorCaller(), {
    name: "bench members",
    company_id: rootId,
    access: { modules: ["member"], permissions: [], company_ids: [rootId], include_descendants: true },
  });
  return { key, generated, seconds };
}

/** The three requests measured: page 1, a page 80% of the way in, and a search with several filters. */
export function memberRequests(clubIds: string[], count: number) {
  const deep = Math.max(1, Math.floor((count / 20) * 0.8));
  return {
    "POST /v3/member/pagination, page 1": { path: "/v3/member/pagination", body: { options: { statuses: ["MEMBER"] }, orderBy: { created_at: "desc" }, page: 1, limit: 20 } },
    [`POST /v3/member/pagination, page ${deep}`]: { path: "/v3/member/pagination", body: { orderBy: { created_at: "desc" }, page: deep, limit: 20 } },
    "POST /v3/market/members/search (statuses, 5 companies ANY, ages 20-40, text)": {
      path: "/v3/market/members/search",
      body: {
        filters: { member_variables: { statuses: ["MEMBER"], age_from: 20, age_to: 40 }, companies: { company_ids: clubIds, include: "ANY" } },
        search_text: "and",
        sort_by: "created_desc",
        page: 1,
        limit: 20,
      },
    },
  };
}

/** The same request as a service call by the same API key's caller in the bench process (no HTTP, no JSON). */
export async function inProcess(keyId: number, path: string, body: unknown): Promise<() => Promise<unknown>> {
  const caller = (await callerForApiKey(keyId))!;
  return path === "/v3/member/pagination"
    ? () => paginateMembers(caller, MemberPaginationRequest.parse(body))
    : () => searchMembers(caller, MemberSearchRequest.parse(body));
}

export function renderMembersSection(options: {
  provider: string;
  machine: string[];
  count: number;
  seconds: number;
  rows: BenchRow[];
  inProcess: Record<string, Timed>;
  trivialRps: number;
  connections: number;
}): string {
  const fmt = (n: number, digits = 1) => n.toFixed(digits);
  const http = (name: string, concurrency: number) => options.rows.find((r) => r.scenario === name && r.concurrency === concurrency)!;
  return [
    `## ${options.provider === "postgres" ? "PostgreSQL" : "SQLite"}: member list and search at ${options.count} members`,
    "",
    ...options.machine,
    `- Generated with \`npm run cli -- member:generate --members ${options.count}\` in ${fmt(options.seconds)} s`,
    "",
    "| scenario | concurrency | req/s | p50 ms | p99 ms |",
    "|---|---:|---:|---:|---:|",
    ...Object.entries(options.inProcess).map(([name, t]) => `| ${name}: service call in-process | 1 | ${fmt(t.perSecond)} | ${fmt(t.p50, 2)} | ${fmt(t.p99, 2)} |`),
    ...options.rows.map((r) => `| ${r.scenario} | ${r.concurrency} | ${fmt(r.requestsPerSecond)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} |`),
    "",
    "Ratios (same run):",
    "",
    ...Object.entries(options.inProcess).flatMap(([name, t]) => [
      `- ${name}: HTTP p50 / in-process p50 **${fmt(http(name, 1).p50 / t.p50, 2)}x**; ` +
        `req/s at ${options.connections} connections / trivial route **${fmt(http(name, options.connections).requestsPerSecond / options.trivialRps, 3)}**`,
    ]),
    "",
  ].join("\n");
}
