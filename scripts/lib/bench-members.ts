// The member scenarios of `npm run bench`: the member list and the member search at 100,000 members (--members), over
// HTTP next to the same service calls in-process (what HTTP, auth and JSON add), and the dashboard's Members screen
// data route with a signed-in staff session. Skipped with `--members 0`.
import { encode } from "next-auth/jwt";
import { startAdminSession } from "../../modules/access/services/admin-sessions";
import { createAdminUser } from "../../modules/access/services/admin-users";
import { operatorCaller } from "../../modules/access/services/caller";
import { callerForApiKey, createApiKey } from "../../modules/access/services/api-keys";
import { generateMembers } from "../../lib/bootstrap/member-generator";
import { paginateMembers, searchMembers } from "../../modules/members/services/search";
import { MemberPaginationRequest, MemberSearchRequest } from "../../modules/members/schemas/member";

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

/**
 * The cookie of a dashboard session of a staff member with every module and company, sealed as next-auth seals its
 * JWT sessions (the server's NEXTAUTH_SECRET), naming a session recorded as sign-in records it.
 */
export async function dashboardCookie(secret: string): Promise<string> {
  const user = await createAdminUser(operatorCaller(), {
    email: `bench-${Date.now()}@example.org`,
    name: "Bench",
    password: `bench-${Date.now()}-password`,
    role: "ADMIN",
    access: { modules: ["member"], permissions: [], company_ids: null, include_descendants: true },
  });
  const sid = await startAdminSession(user.id);
  const token = await encode({ token: { uid: user.id, sub: String(user.id), sid }, secret, maxAge: 3600 });
  return `next-auth.session-token=${token}`;
}

/** The dashboard's Members screen as it opens (every member in scope, newest first, page 1): GET /admin/api/members. */
export const DASHBOARD_MEMBERS = "GET /admin/api/members (the Members screen, page 1, session)";

/** The three requests measured: page 1, a page 80% of the way in, and a search with several filters. */
export function memberRequests(clubIds: string[], count: number) {
  const deep = Math.max(1, Math.floor((count / 20) * 0.8));
  return {
    // Keys: the bench's targets name the rows by them (scripts/lib/bench-report.ts).
    "POST /v3/member/pagination, page 1": {
      key: "M1",
      path: "/v3/member/pagination",
      body: { options: { statuses: ["MEMBER"] }, orderBy: { created_at: "desc" }, page: 1, limit: 20 },
    },
    [`POST /v3/member/pagination, page ${deep}`]: {
      key: "M2",
      path: "/v3/member/pagination",
      body: { orderBy: { created_at: "desc" }, page: deep, limit: 20 },
    },
    "POST /v3/market/members/search (statuses, 5 companies ANY, ages 20-40, text)": {
      key: "M3",
      path: "/v3/market/members/search",
      body: {
        filters: {
          member_variables: { statuses: ["MEMBER"], age_from: 20, age_to: 40 },
          companies: { company_ids: clubIds, include: "ANY" },
        },
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

/** Five companies under the organization, for the search's company filter. */
export async function clubsOf(rootId: string): Promise<string[]> {
  const { db } = await import("../../lib/db");
  const clubs = await db().company.findMany({
    where: { parentId: rootId },
    select: { id: true },
    orderBy: { id: "asc" },
    take: 5,
  });
  return clubs.map((c) => c.id);
}
