// Who is calling and what it may touch: the one place where modules, permissions, roles and company scope are
// checked. API keys, dashboard sessions and the operator CLI all become a Caller; every service operation takes one.
import "server-only";
import { db, Prisma, type Tx } from "../db";
import { Forbidden, NotFound, ValidationFailed } from "../errors";
import {
  ADMIN_ROLES,
  MODULES,
  PERMISSIONS,
  type AccessGroupValues,
  type AdminRole,
  type Module,
  type Permission,
} from "../validation/access";
import { liveCompany } from "./live-records";

export type { Module, Permission } from "../validation/access";

export type CompanyScope =
  | { kind: "all" }
  | { kind: "companies"; companyIds: string[]; includeDescendants: boolean };

export interface Caller {
  kind: "api_key" | "admin_user" | "operator";
  /** "api:<client_id>", "admin:<email>" or "cli": recorded in histories and the audit log. */
  actor: string;
  /** For people: an admin user's name, an API key's name, or "CLI". */
  name: string;
  /** An API key's own company (the root of its scope); null for dashboard users and the operator. */
  companyId: string | null;
  /** Dashboard users only. */
  role: AdminRole | null;
  /** Dashboard users only: the admin user's id. */
  userId: number | null;
  modules: ReadonlySet<string>;
  permissions: ReadonlySet<string>;
  scope: CompanyScope;
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

type AccessGroupRow = Prisma.AccessGroupGetPayload<{ include: { companies: true } }>;

export function parseStringList(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export function callerRights(group: AccessGroupRow): Pick<Caller, "modules" | "permissions" | "scope"> {
  return {
    modules: new Set(parseStringList(group.modules)),
    permissions: new Set(parseStringList(group.permissions)),
    scope: group.scopeAll
      ? { kind: "all" }
      : { kind: "companies", companyIds: group.companies.map((c) => c.companyId), includeDescendants: group.includeDescendants },
  };
}

/** A dashboard user's rights: the access group's, capped by the role (a VIEWER has no write permission). */
export function adminUserCaller(user: { id: number; email: string; name: string; role: string }, group: AccessGroupRow): Caller {
  const rights = callerRights(group);
  const role = (ADMIN_ROLES as readonly string[]).includes(user.role) ? (user.role as AdminRole) : "VIEWER";
  return {
    kind: "admin_user",
    actor: `admin:${user.email}`,
    name: user.name,
    companyId: null,
    role,
    userId: user.id,
    ...rights,
    permissions: role === "VIEWER" ? new Set() : rights.permissions,
  };
}

export function requireModule(caller: Caller, module: Module): void {
  if (!caller.modules.has(module)) throw new Forbidden(`access group lacks the ${module} module`);
}

export function requirePermission(caller: Caller, permission: Permission): void {
  if (!caller.permissions.has(permission)) throw new Forbidden(`access group lacks the ${permission} permission`);
}

/** Managing API keys and admin users: the operator, or a dashboard user with the ADMIN role. */
export function requireAdminRole(caller: Caller): void {
  if (caller.kind === "operator") return;
  if (caller.kind !== "admin_user" || caller.role !== "ADMIN") throw new Forbidden("only an ADMIN may manage access");
}

/** Checks names and companies of a grant of access; call it before a transaction (SQLite starts those with a write). */
export async function checkAccessGroupInput(input: AccessGroupValues): Promise<void> {
  if (input.company_ids) {
    const ids = [...new Set(input.company_ids)];
    const found = await db().company.count({ where: { id: { in: ids }, ...liveCompany } });
    if (found !== ids.length) throw new ValidationFailed({ company_ids: ["unknown company id"] });
  }
}

/**
 * Refuses to hand out more than the caller has: modules and permissions must be the caller's own, and the scope
 * must lie inside the caller's (all companies only for an all-scope caller; descendants only if the caller has them).
 */
export async function assertGrantWithinCaller(caller: Caller, input: AccessGroupValues): Promise<void> {
  const extraModules = input.modules.filter((m) => !caller.modules.has(m));
  const extraPermissions = input.permissions.filter((p) => !caller.permissions.has(p));
  const errors: Record<string, string[]> = {};
  if (extraModules.length) errors["access.modules"] = [`you cannot grant ${extraModules.join(", ")}`];
  if (extraPermissions.length) errors["access.permissions"] = [`you cannot grant ${extraPermissions.join(", ")}`];
  if (caller.scope.kind === "companies") {
    if (input.company_ids === null) errors["access.company_ids"] = ["you can only grant companies inside your own scope"];
    else {
      for (const id of input.company_ids) {
        if (!(await isCompanyInScope(caller, id))) {
          errors["access.company_ids"] = ["you can only grant companies inside your own scope"];
          break;
        }
      }
      if (input.include_descendants && !caller.scope.includeDescendants) {
        errors["access.include_descendants"] = ["your own scope does not include sub-companies"];
      }
    }
  }
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
}

/** Writes an access group checked by checkAccessGroupInput. */
export async function createAccessGroup(name: string, input: AccessGroupValues, tx: Tx) {
  return tx.accessGroup.create({
    data: {
      name,
      modules: JSON.stringify([...new Set(input.modules)]),
      permissions: JSON.stringify([...new Set(input.permissions)]),
      scopeAll: input.company_ids === null,
      includeDescendants: input.include_descendants,
      companies: input.company_ids ? { create: [...new Set(input.company_ids)].map((companyId) => ({ companyId })) } : undefined,
    },
    include: { companies: true },
  });
}

/** The access group as a form shows it. */
export function accessGroupValues(group: AccessGroupRow): AccessGroupValues {
  const rights = callerRights(group);
  return {
    modules: [...rights.modules].filter((m): m is Module => (MODULES as readonly string[]).includes(m)),
    permissions: [...rights.permissions].filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p)),
    company_ids: rights.scope.kind === "all" ? null : rights.scope.companyIds,
    include_descendants: group.includeDescendants,
  };
}

/** The company and its ancestors, nearest first, in one recursive query (the same SQL on SQLite and PostgreSQL). */
export async function companyWithAncestors(companyId: string): Promise<string[]> {
  const rows = await db().$queryRaw<{ id: string }[]>`
    WITH RECURSIVE chain(id, parent_id, depth) AS (
      SELECT "id", "parentId", 0 FROM "Company" WHERE "id" = ${companyId}
      UNION ALL
      SELECT c."id", c."parentId", chain.depth + 1 FROM "Company" c JOIN chain ON c."id" = chain.parent_id
      WHERE chain.depth < 64
    )
    SELECT id FROM chain ORDER BY depth`;
  return rows.map((r) => r.id);
}

export async function isCompanyInScope(caller: Caller, companyId: string): Promise<boolean> {
  const scope = caller.scope;
  if (scope.kind === "all") return true;
  if (scope.companyIds.includes(companyId)) return true;
  if (!scope.includeDescendants) return false;
  const chain = await companyWithAncestors(companyId);
  return chain.some((id) => scope.companyIds.includes(id));
}

/**
 * A company outside the scope is 403: spec 7.2 says so ("company exists but is outside the caller's access scope"),
 * and company ids are random UUIDs, so the answer reveals nothing an outsider could enumerate. Also for a company
 * named in a body or query (`company_id`).
 */
export async function assertCompanyInScope(caller: Caller, companyId: string): Promise<void> {
  if (!(await isCompanyInScope(caller, companyId))) throw new Forbidden("company is outside the caller's access scope");
}

/**
 * An object with an enumerable integer id (a list, member, event; through them subscribers and participants) that
 * belongs to a company outside the scope answers exactly what a missing one answers: 404 with the same reason. A 403
 * would tell a prober which ids exist in other organizations. Each loader checks existence first, then this.
 */
export async function assertObjectInScope(caller: Caller, companyId: string, notFoundReason: string): Promise<void> {
  if (!(await isCompanyInScope(caller, companyId))) throw new NotFound(notFoundReason);
}

/**
 * The ids of every company the caller may see (live or not), or null for an all-scope caller. One recursive query;
 * used to filter listings (companies, lists, audit entries) rather than checking rows one by one.
 */
export async function companyIdsInScope(caller: Caller): Promise<string[] | null> {
  const scope = caller.scope;
  if (scope.kind === "all") return null;
  if (!scope.includeDescendants || scope.companyIds.length === 0) return scope.companyIds;
  const roots = Prisma.join(scope.companyIds);
  const rows = await db().$queryRaw<{ id: string }[]>`
    WITH RECURSIVE tree(id, depth) AS (
      SELECT "id", 0 FROM "Company" WHERE "id" IN (${roots})
      UNION
      SELECT c."id", tree.depth + 1 FROM "Company" c JOIN tree ON c."parentId" = tree.id WHERE tree.depth < 64
    )
    SELECT DISTINCT id FROM tree`;
  return rows.map((r) => r.id);
}

/** A `where` on a companyId column limited to the caller's scope (no condition for an all-scope caller). */
export async function scopedCompanyWhere(caller: Caller): Promise<{ in: string[] } | undefined> {
  const ids = await companyIdsInScope(caller);
  return ids === null ? undefined : { in: ids };
}
