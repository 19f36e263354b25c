// The one place where modules, permissions, roles and company scope are checked. Every service operation calls
// these with its Caller before it reads or writes.
import "server-only";
import { Forbidden, NotFound, ValidationFailed } from "@/lib/errors";
import type { Module, Permission } from "../schemas/access";
import type { Caller } from "./caller";
import { companyIdsInScope, companyWithAncestors } from "@/modules/companies/services/tree";
import { findLiveCompany } from "@/lib/live-records";

export function requireModule(caller: Caller, module: Module): void {
  if (!caller.modules.has(module)) throw new Forbidden(`access group lacks the ${module} module`);
}

export function requirePermission(caller: Caller, permission: Permission): void {
  if (!caller.permissions.has(permission)) throw new Forbidden(`access group lacks the ${permission} permission`);
}

/**
 * A member's uuid as this caller may see it. With a list's uuid (public: it is in every hosted form's address) it
 * unsubscribes the member through the contract's open one-click endpoint, so it is a write capability: shown only
 * to principals that may unsubscribe members themselves (SUBSCRIPTION_LIST.U), null to read-only ones (security
 * finding 7).
 */
export function visibleMemberUuid(caller: Caller, uuid: string): string | null {
  return caller.permissions.has("SUBSCRIPTION_LIST.U") ? uuid : null;
}

/** Managing API keys and admin users: the operator, or a dashboard user with the ADMIN role. */
export function requireAdminRole(caller: Caller): void {
  if (caller.kind === "operator") return;
  if (caller.kind !== "admin_user" || caller.role !== "ADMIN") throw new Forbidden("only an ADMIN may manage access");
}

export async function isCompanyInScope(caller: Caller, companyId: string): Promise<boolean> {
  return scopeCovers(caller.scope, companyId, () => companyWithAncestors(companyId));
}

/**
 * Whether a scope covers a company: every company, the company named, or an ancestor named with its descendants.
 * The company's chain (itself, then its ancestors) is read only when the answer needs it; a caller checking many
 * scopes against one company passes the chain it read once.
 */
export async function scopeCovers(
  scope: Caller["scope"],
  companyId: string,
  chain: () => Promise<string[]>,
): Promise<boolean> {
  if (scope.kind === "all") return true;
  if (scope.companyIds.includes(companyId)) return true;
  if (!scope.includeDescendants) return false;
  return (await chain()).some((id) => scope.companyIds.includes(id));
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

/** A `where` fragment for rows with a companyId column: those of companies in the caller's scope ({} for all). */
export async function inScopeWhere(caller: Caller): Promise<{ companyId?: { in: string[] } }> {
  const ids = await companyIdsInScope(caller);
  return ids === null ? {} : { companyId: { in: ids } };
}

/** A `where` fragment for Company rows: the companies in the caller's scope, live or not ({} for all). */
export async function companiesInScopeWhere(caller: Caller): Promise<{ id?: { in: string[] } }> {
  const ids = await companyIdsInScope(caller);
  return ids === null ? {} : { id: { in: ids } };
}

/**
 * A company named in a body (`company_id`) that the caller writes in: the module first, then a live company (400
 * `unknown company id` otherwise), inside the scope (403), and the permission.
 */
export async function assertWritableCompany(
  caller: Caller,
  companyId: string,
  module: Module,
  permission: Permission,
): Promise<void> {
  requireModule(caller, module);
  await findLiveCompany(companyId).catch(() => {
    throw new ValidationFailed({ company_id: ["unknown company id"] });
  });
  await assertCompanyInScope(caller, companyId);
  requirePermission(caller, permission);
}
