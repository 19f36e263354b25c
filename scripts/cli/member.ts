// CLI: members and the organization's reference data (periods, member types), and a generator of large
// organizations for benchmarks.
import { ValidationFailed } from "../../lib/errors";
import { operatorCaller } from "../../modules/access/services/caller";
import { generateMembers } from "../../lib/bootstrap/member-generator";
import { createMemberType, createPeriod } from "../../modules/members/services/reference";
import { getMember } from "../../modules/members/services/members";
import { CreateMemberTypeRequest, CreatePeriodRequest } from "../../modules/companies/schemas/organization";
import { parseInput } from "../../lib/validation/parse";
import { requiredString, type CliCommand } from "./types";

function positiveInteger(value: string | boolean | undefined, field: string): number {
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new ValidationFailed({ [field]: ["must be a positive whole number"] });
  return n;
}

export const memberCommands: CliCommand[] = [
  {
    name: "member:generate",
    summary: "add generated members (memberships, properties, event registrations) to a company, e.g. for benchmarks",
    usage: "npm run cli -- member:generate --company COMPANY_ID --members 100000 [--seed N]",
    options: { company: { type: "string" }, members: { type: "string" }, seed: { type: "string" } },
    async run(values) {
      return generateMembers(operatorCaller(), {
        company_id: requiredString(values, "company"),
        members: positiveInteger(values.members, "members"),
        seed: values.seed === undefined ? undefined : positiveInteger(values.seed, "seed"),
      });
    },
    human(result) {
      const r = result as Awaited<ReturnType<typeof generateMembers>>;
      return `Generated ${r.members} members with ${r.memberships} memberships, ${r.properties} properties and ${r.participations} event registrations in ${r.company_id}.`;
    },
  },
  {
    name: "member:show",
    summary: "one member with memberships, properties, consents and subscriptions",
    usage: "npm run cli -- member:show MEMBER_ID",
    options: {},
    async run(_values, positionals) {
      return getMember(operatorCaller(), positiveInteger(positionals[0], "member_id"));
    },
    human(result) {
      const m = result as Awaited<ReturnType<typeof getMember>>;
      return [
        `Member ${m.id} ${[m.firstname, m.lastname].filter(Boolean).join(" ") || "(no name)"} <${m.email ?? "no email"}> of ${m.company_id}`,
        ...m.memberships.map(
          (s) =>
            `  ${s.status.padEnd(12)} ${s.company_name}, ${s.period_name}${s.member_type_name ? `, ${s.member_type_name}` : ""}`,
        ),
        `  properties: ${m.properties.map((p) => p.name).join(", ") || "-"}`,
        `  subscriptions: ${m.subscriptions.map((s) => `${s.list_name} (${s.status})`).join(", ") || "-"}`,
      ].join("\n");
    },
  },
  {
    name: "period:create",
    summary: "add a membership period to a company",
    usage: "npm run cli -- period:create --company COMPANY_ID --name 2027 --start 2027-01-01 --end 2027-12-31",
    options: {
      company: { type: "string" },
      name: { type: "string" },
      start: { type: "string" },
      end: { type: "string" },
    },
    async run(values) {
      return createPeriod(
        operatorCaller(),
        parseInput(CreatePeriodRequest, {
          company_id: values.company,
          name: values.name,
          start_date: values.start,
          end_date: values.end,
        }),
      );
    },
    human(result) {
      const r = result as { id: number; name: string; start_date: string; end_date: string };
      return `Created period ${r.id} "${r.name}" (${r.start_date} – ${r.end_date}).`;
    },
  },
  {
    name: "member-type:create",
    summary: "add a member type to a company",
    usage: "npm run cli -- member-type:create --company COMPANY_ID --name NAME",
    options: { company: { type: "string" }, name: { type: "string" } },
    async run(values) {
      return createMemberType(
        operatorCaller(),
        parseInput(CreateMemberTypeRequest, { company_id: values.company, name: values.name }),
      );
    },
    human(result) {
      const r = result as { id: number; name: string };
      return `Created member type ${r.id} "${r.name}".`;
    },
  },
];
