// Access groups: which modules and permissions a caller has, and which companies it may touch.
import { db, Prisma } from "../db";
import { Forbidden, ValidationFailed } from "../errors";

export const MODULES = ["company", "subscription_list", "member", "event"] as const;
export type Module = (typeof MODULES)[number];

export const PERMISSIONS = ["COMPANY.U", "SUBSCRIPTION_LIST.U", "MEMBER.U", "EVENT.U"] as const;
export type Permission = (typeof PERMISSIONS)[number];

export type CompanyScope =
  | { kind: "all" }
  | { kind: "companies"; companyIds: string[]; includeDescendants: boolean };

/** Who is calling: an API key or an admin user, with the rights of its access group. */
export interface Caller {
  kind: "api_key" | "admin_user";
  /** "api:<client_id>" or "admin:<email>", recorded in histories. */
  actor: string;
  /** The caller's own company (the root of its scope). */
  companyId: string;
  modules: ReadonlySet<string>;
  permissions: ReadonlySet<string>;
  scope: CompanyScope;
}

export interface AccessGroupInput {
  name: string;
  modules: string[];
  permissions: string[];
  /** null: every company; otherwise the listed companies. */
  companyIds: string[] | null;
  includeDescendants: boolean;
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
      : {
          kind: "companies",
          companyIds: group.companies.map((c) => c.companyId),
          includeDescendants: group.includeDescendants,
        },
  };
}

export function validateAccessGroupInput(input: AccessGroupInput): void {
  const errors: Record<string, string[]> = {};
  const unknownModules = input.modules.filter((m) => !(MODULES as readonly string[]).includes(m));
  if (unknownModules.length) errors.modules = [`unknown module(s) ${unknownModules.join(", ")}; valid: ${MODULES.join(", ")}`];
  const unknownPermissions = input.permissions.filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
  if (unknownPermissions.length)
    errors.permissions = [`unknown permission(s) ${unknownPermissions.join(", ")}; valid: ${PERMISSIONS.join(", ")}`];
  if (input.companyIds && input.companyIds.length === 0) errors.companyIds = ["list at least one company, or use all"];
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
}

/** Checks names and companies; call it before a transaction (SQLite transactions should start with a write). */
export async function checkAccessGroupInput(input: AccessGroupInput): Promise<void> {
  validateAccessGroupInput(input);
  if (input.companyIds) {
    const found = await db().company.count({ where: { id: { in: input.companyIds }, deletedAt: null } });
    if (found !== new Set(input.companyIds).size) throw new ValidationFailed({ companyIds: ["unknown company id"] });
  }
}

/** Writes an access group checked by checkAccessGroupInput. */
export async function createAccessGroup(input: AccessGroupInput, tx: Prisma.TransactionClient) {
  return tx.accessGroup.create({
    data: {
      name: input.name,
      modules: JSON.stringify([...new Set(input.modules)]),
      permissions: JSON.stringify([...new Set(input.permissions)]),
      scopeAll: input.companyIds === null,
      includeDescendants: input.includeDescendants,
      companies: input.companyIds
        ? { create: [...new Set(input.companyIds)].map((companyId) => ({ companyId })) }
        : undefined,
    },
    include: { companies: true },
  });
}

export function requireModule(caller: Caller, module: Module): void {
  if (!caller.modules.has(module)) throw new Forbidden(`access group lacks the ${module} module`);
}

export function requirePermission(caller: Caller, permission: Permission): void {
  if (!caller.permissions.has(permission)) throw new Forbidden(`access group lacks the ${permission} permission`);
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

export async function assertCompanyInScope(caller: Caller, companyId: string): Promise<void> {
  if (!(await isCompanyInScope(caller, companyId))) throw new Forbidden("company is outside the caller's access scope");
}
