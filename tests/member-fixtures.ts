// An organization to test members and events on: a federation with two clubs, a period and member type of the
// federation, a property group, and an API key per kind of caller. Made through the real services.
import { operatorCaller } from "@/modules/access/services/caller";
import { createMemberType, createPeriod } from "@/modules/members/services/reference";
import { createProperty } from "@/modules/members/services/properties";
import type { Module, Permission } from "@/modules/access/schemas/access";
import { accessTokenFor, call, makeCompany } from "./helpers";

export interface Organization {
  rootId: string;
  clubIds: [string, string];
  otherId: string;
  periodId: number;
  memberTypeId: number;
  propIds: [number, number];
  /** member + event modules, MEMBER.U and EVENT.U, the federation with descendants. */
  token: string;
  tokenFor(options: { modules?: Module[]; permissions?: Permission[]; companyIds?: string[] | null }): Promise<string>;
}

export async function makeOrganization(): Promise<Organization> {
  const root = await makeCompany("Medlemsförbundet");
  const clubs = [await makeCompany("Klubb Ett", root.id), await makeCompany("Klubb Två", root.id)] as const;
  const other = await makeCompany("Annat förbund");
  const operator = operatorCaller();
  const period = await createPeriod(operator, {
    company_id: root.id,
    name: "2026",
    start_date: "2026-01-01",
    end_date: "2026-12-31",
  });
  const type = await createMemberType(operator, { company_id: root.id, name: "Senior" });
  const props = [
    await createProperty(operator, { company_id: root.id, group_name: "Intressen", name: "Fotboll" }),
    await createProperty(operator, { company_id: root.id, group_name: "Intressen", name: "Simning" }),
  ];
  const tokenFor = async (options: { modules?: Module[]; permissions?: Permission[]; companyIds?: string[] | null }) =>
    (
      await accessTokenFor({
        companyId: root.id,
        modules: options.modules ?? ["member", "event", "company"],
        permissions: options.permissions ?? ["MEMBER.U", "EVENT.U"],
        companyIds: options.companyIds === undefined ? [root.id] : options.companyIds,
      })
    ).token;
  return {
    rootId: root.id,
    clubIds: [clubs[0].id, clubs[1].id],
    otherId: other.id,
    periodId: period.id,
    memberTypeId: type.id,
    propIds: [props[0].prop_id, props[1].prop_id],
    token: await tokenFor({}),
    tokenFor,
  };
}

/** POST /v3/member, failing the test on anything but 201. */
export async function createMemberVia(token: string, body: Record<string, unknown>) {
  const res = await call("/v3/member", { method: "POST", token, body });
  if (res.status !== 201) throw new Error(`create member failed: ${res.status} ${res.text}`);
  return res.json as { id: number; uuid: string; email: string | null; [key: string]: unknown };
}

let emailSeq = 0;
export function uniqueEmail(prefix = "medlem"): string {
  emailSeq += 1;
  return `${prefix}.${process.pid}.${emailSeq}.${Date.now() % 100000}@example.se`;
}
