// Ad-hoc: the member list/search statements at scale with their plans (README "Members at scale").
import { db, isPostgres } from "./lib/db";
import { callerForApiKey, createApiKey } from "./lib/services/api-keys";
import { operatorCaller } from "./lib/services/access";
import { paginateMembers, searchMembers } from "./lib/services/member-search";
import { MemberPaginationRequest, MemberSearchRequest } from "./lib/validation/member";

const captured: { sql: string; params: unknown[] }[] = [];
(db() as any).$on("query", (e: { query: string; params: string }) => captured.push({ sql: e.query, params: JSON.parse(e.params) }));
const root = (await db().company.findFirstOrThrow({ where: { parentId: null, members: { some: {} } }, select: { id: true } })).id;
const key = await createApiKey(operatorCaller(), { name: "explain", company_id: root, access: { modules: ["member"], permissions: [], company_ids: [root], include_descendants: true } });
const caller = (await callerForApiKey(key.id))!;
const clubs = (await db().company.findMany({ where: { parentId: { not: null } }, take: 5, select: { id: true } })).map((c) => c.id);
const runs = {
  pagination: () => paginateMembers(caller, MemberPaginationRequest.parse({ options: { period_id: (captured.length, 2), statuses: ["MEMBER"] }, page: 1, limit: 20 })),
  search: () => searchMembers(caller, MemberSearchRequest.parse({ filters: { member_variables: { statuses: ["MEMBER"], age_from: 20, age_to: 40 }, companies: { company_ids: clubs, include: "ANY" } }, search_text: "and", page: 1, limit: 20 })),
};
for (const [name, run] of Object.entries(runs)) {
  captured.length = 0;
  const t = performance.now();
  const r = await run();
  const ms = performance.now() - t;
  console.log(`\n### ${name}: ${captured.length} statements, ${ms.toFixed(0)} ms, count ${r.count}`);
  for (const { sql, params } of captured.filter((c) => /"?Member"?/.test(c.sql) && !/RECURSIVE/.test(c.sql)).slice(0, 2)) {
    console.log(`-- ${sql.slice(0, 160)}…`);
    if (isPostgres()) {
      let n = 0;
      const inlined = sql.replace(/\$(\d+)/g, (_, i) => { n++; const v = params[Number(i) - 1]; return typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`; });
      const plan = await db().$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${inlined}`);
      console.log(plan.map((p) => p["QUERY PLAN"]).join("\n"));
    } else {
      const plan = await db().$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${sql}`, ...params);
      console.log(plan.map((p) => p.detail).join("\n"));
    }
  }
}
