// The caller's own organization: the root of their scope, which the dashboard's company pickers start on. Sorted by
// name, the first choice was whichever club came first in the alphabet ("Göteborg Friidrottsklubb" for the demo's
// federation staff), so a staff member's first sendout, webhook or list was about to be made for someone else's club.
import "server-only";
import { db } from "@/lib/db";
import type { Caller } from "./caller";
import { liveCompany } from "@/lib/live-records";

/**
 * The company at the top of the caller's scope: an API key's own company; for a scope of named companies, the one
 * (by name) whose parent is not in the scope too; for the whole register, its top company (by name, when there are
 * several). Null when the scope holds no live company.
 */
export async function homeCompanyId(caller: Caller): Promise<string | null> {
  if (caller.companyId) return caller.companyId;
  const scope = caller.scope;
  if (scope.kind === "companies") {
    const named = await db().company.findMany({
      where: { id: { in: scope.companyIds }, ...liveCompany },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: { id: true, parentId: true },
    });
    const ids = new Set(named.map((c) => c.id));
    return (named.find((c) => !c.parentId || !ids.has(c.parentId)) ?? named[0])?.id ?? null;
  }
  const top = await db().company.findFirst({
    where: { parentId: null, ...liveCompany },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  return top?.id ?? null;
}

/** Of the choices a picker offers, the one named in the address, else the caller's own company, else the first. */
export async function initialCompanyChoice<T extends { company_id: string }>(
  caller: Caller,
  choices: T[],
  asked: unknown,
): Promise<T | undefined> {
  const named = choices.find((c) => c.company_id === asked);
  if (named) return named;
  const home = await homeCompanyId(caller);
  return choices.find((c) => c.company_id === home) ?? choices[0];
}
