// Who is calling: API keys, dashboard sessions and the operator CLI all become a Caller, and every service operation
// takes one. What a Caller may do is checked in access-checks.ts.
import "server-only";
import type { z } from "zod";
import type { Prisma } from "@/lib/db";
import {
  ADMIN_ROLES,
  LEADER_ROLE,
  MODULES,
  PERMISSIONS,
  type AdminRole,
  type CompanyScope,
  type DashboardRole,
} from "../schemas/access";

export interface Caller {
  kind: "api_key" | "admin_user" | "operator";
  /** "api:<client_id>", "admin:<email>" or "cli": recorded in histories and the audit log. */
  actor: string;
  /** For people: an admin user's name, an API key's name, or "CLI". */
  name: string;
  /** An API key's own company (the root of its scope); null for dashboard users and the operator. */
  companyId: string | null;
  /** Dashboard users only. */
  role: DashboardRole | null;
  /** Dashboard users only: the admin user's id. */
  userId: number | null;
  modules: ReadonlySet<string>;
  permissions: ReadonlySet<string>;
  scope: z.output<typeof CompanyScope>;
  /**
   * A LEADER user's member: the caller reaches only the activities where that member is a leader, whatever its
   * scope (modules/activities/services/activity-access.ts). Absent or null for everyone else.
   */
  leaderMemberId?: number | null;
  /**
   * A system caller acting for a visitor of the hosted pages on the visitor's own behalf (a guardian confirming a
   * sign-up): its audit entries are of the kind "public", the person themselves, not the operator.
   */
  publicVisitor?: boolean;
}

/** The operator at the command line: every module, every permission, every company. */
export function operatorCaller(): Caller {
  return {
    kind: "operator",
    actor: "cli",
    name: "CLI",
    companyId: null,
    role: null,
    userId: null,
    modules: new Set(MODULES),
    permissions: new Set(PERMISSIONS),
    scope: { kind: "all" },
  };
}

export type AccessGroupRow = Prisma.AccessGroupGetPayload<{ include: { companies: true } }>;

function parseStringList(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export function callerRights(group: AccessGroupRow): Pick<Caller, "modules" | "permissions" | "scope"> {
  return {
    modules: new Set(parseStringList(group.modules)),
    permissions: new Set(parseStringList(group.permissions)),
    scope: group.scopeAll
      ? { kind: "all" }
      : {
          kind: "companies",
          companyIds: group.companies.map((c) => c.companyId),
          includeDescendants: group.includeDescendants,
        },
  };
}

/**
 * A LEADER's rights: the activity module to read the activities its member leads, ATTENDANCE.U to record their
 * attendance, and a scope of no company, so every check by company (lists, members, another activity, the audit
 * log) finds nothing. Without a member it reaches nothing at all.
 */
function leaderRights(memberId: number | null): Pick<Caller, "modules" | "permissions" | "scope"> {
  return {
    modules: new Set(memberId === null ? [] : ["activity"]),
    permissions: new Set(memberId === null ? [] : ["ATTENDANCE.U"]),
    scope: { kind: "companies", companyIds: [], includeDescendants: false },
  };
}

/** A dashboard user's rights: the access group's, capped by the role (a VIEWER has no write permission). */
export function adminUserCaller(
  user: { id: number; email: string; name: string; role: string; memberId?: number | null },
  group: AccessGroupRow,
): Caller {
  const base = { kind: "admin_user" as const, actor: `admin:${user.email}`, name: user.name, companyId: null };
  if (user.role === LEADER_ROLE) {
    const memberId = user.memberId ?? null;
    return { ...base, role: LEADER_ROLE, userId: user.id, ...leaderRights(memberId), leaderMemberId: memberId };
  }
  const rights = callerRights(group);
  const role = (ADMIN_ROLES as readonly string[]).includes(user.role) ? (user.role as AdminRole) : "VIEWER";
  return {
    ...base,
    role,
    userId: user.id,
    ...rights,
    permissions: role === "VIEWER" ? new Set() : rights.permissions,
  };
}
