// Access groups: what an API key or a dashboard user is granted (modules, permissions, company scope). A grant is
// checked against the granting caller, so nobody hands out more than they have.
import "server-only";
import { db, type Tx } from "../db";
import { ValidationFailed } from "../errors";
import { MODULES, PERMISSIONS, type AccessGroupValues, type Module, type Permission } from "../validation/access";
import { isCompanyInScope } from "./access-checks";
import { callerRights, type AccessGroupRow, type Caller } from "./caller";
import { liveCompany } from "./live-records";

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
