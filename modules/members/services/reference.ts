// Creating an organization's periods and member types (operators and the demo seed; /v3 only reads them).
import "server-only";
import { db } from "@/lib/db";
import type { CreateMemberTypeInput, CreatePeriodInput } from "@/modules/companies/schemas/organization";
import { assertWritableCompany } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { recordAudit } from "@/modules/audit/services/audit";

/** A membership period of a company, first and last day inclusive. */
export async function createPeriod(caller: Caller, input: CreatePeriodInput) {
  await assertWritableCompany(caller, input.company_id, "member", "MEMBER.U");
  return db().$transaction(async (tx) => {
    const period = await tx.period.create({
      data: {
        companyId: input.company_id,
        name: input.name,
        startsOn: new Date(`${input.start_date}T00:00:00Z`),
        endsOn: new Date(`${input.end_date}T00:00:00Z`),
      },
    });
    await recordAudit(tx, caller, {
      action: "period.create",
      objectType: "member",
      objectId: `period:${period.id}`,
      companyId: input.company_id,
      summary: period.name,
    });
    return {
      id: period.id,
      company_id: period.companyId,
      name: period.name,
      start_date: input.start_date,
      end_date: input.end_date,
    };
  });
}

export async function createMemberType(caller: Caller, input: CreateMemberTypeInput) {
  await assertWritableCompany(caller, input.company_id, "member", "MEMBER.U");
  return db().$transaction(async (tx) => {
    const type = await tx.memberType.create({ data: { companyId: input.company_id, name: input.name } });
    await recordAudit(tx, caller, {
      action: "member_type.create",
      objectType: "member",
      objectId: `member_type:${type.id}`,
      companyId: input.company_id,
      summary: type.name,
    });
    return { id: type.id, company_id: type.companyId, name: type.name };
  });
}
