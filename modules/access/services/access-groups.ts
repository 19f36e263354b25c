// Access groups: what an API key or a dashboard user is granted (modules, permissions, company scope). A grant is
// checked against the granting caller, so nobody hands out more than they have, nor sees or manages a key or user
// that has more.
import "server-only";
import { db, type Tx } from "@/lib/db";
import { ValidationFailed } from "@/lib/errors";
import { MODULES, PERMISSIONS, type AccessGroupValues, type Module, type Permission } from "../schemas/access";
import { callerRights, type AccessGroupRow, type Caller } from "./caller";
import { companyIdsInScope } from "@/modules/companies/services/tree";
import { liveCompany } from "@/lib/live-records";

/** Checks names and companies of a grant of access; call it before a transaction (SQLite starts those with a write). */
export async function checkAccessGroupInput(input: AccessGroupValues): Promise<void> {
  if (input.company_ids) {
    const ids = [...new Set(input.company_ids)];
    const found = await db().company.count({ where: { id: { in: ids }, ...liveCompany } });
    if (found !== ids.length) throw new ValidationFailed({ company_ids: ["unknown company id"] });
  }
}

/**
 * What of a grant lies beyond the caller's own rights, by field (empty: nothing): modules and permissions must be the
 * caller's, and the scope inside the caller's (all companies only for an all-scope caller; descendants only if the
 * caller has them). idsInScope: the caller's companyIdsInScope.
 */
function excessOver(caller: Caller, group: AccessGroupValues, idsInScope: string[] | null): Record<string, string[]> {
  const extraModules = group.modules.filter((m) => !caller.modules.has(m));
  const extraPermissions = group.permissions.filter((p) => !caller.permissions.has(p));
  const excess: Record<string, string[]> = {};
  if (extraModules.length) excess["access.modules"] = [`you cannot grant ${extraModules.join(", ")}`];
  if (extraPermissions.length) excess["access.permissions"] = [`you cannot grant ${extraPermissions.join(", ")}`];
  if (caller.scope.kind === "companies") {
    if (group.company_ids === null || !group.company_ids.every((id) => idsInScope?.includes(id))) {
      excess["access.company_ids"] = ["you can only grant companies inside your own scope"];
    }
    if (group.company_ids !== null && group.include_descendants && !caller.scope.includeDescendants) {
      excess["access.include_descendants"] = ["your own scope does not include sub-companies"];
    }
  }
  return excess;
}

/** Refuses to hand out more than the caller has (excessOver), naming every excess at once. */
export async function assertGrantWithinCaller(caller: Caller, input: AccessGroupValues): Promise<void> {
  const excess = excessOver(caller, input, await companyIdsInScope(caller));
  if (Object.keys(excess).length) throw new ValidationFailed(excess);
}

/**
 * Whether an existing access group (an API key's, an admin user's) lies within the caller's rights: whether the caller
 * could have granted it. Anything beyond is not the caller's to see or manage: a club ADMIN must neither list nor stop
 * a federation-wide key, nor make a VIEWER with more modules an EDITOR.
 */
export function groupWithinCaller(caller: Caller, group: AccessGroupRow, idsInScope: string[] | null): boolean {
  let values: AccessGroupValues;
  try {
    values = accessGroupValues(group);
  } catch {
    // Modules or permissions that cannot be read might name any: within only a caller that has them all.
    values = {
      ...accessGroupValues({ ...group, modules: "[]", permissions: "[]" }),
      modules: [...MODULES],
      permissions: [...PERMISSIONS],
    };
  }
  return Object.keys(excessOver(caller, values, idsInScope)).length === 0;
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
      companies: input.company_ids
        ? { create: [...new Set(input.company_ids)].map((companyId) => ({ companyId })) }
        : undefined,
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
