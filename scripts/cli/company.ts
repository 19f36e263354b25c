// CLI: the company register.
import { createCompany } from "../../lib/services/company-admin";
import { optionalString, requiredString, type CliCommand } from "./types";

export const companyCommands: CliCommand[] = [
  {
    name: "company:create",
    summary: "create a company, optionally under a parent",
    usage: "npm run cli -- company:create --name N --org-number 802000-0000 [--parent COMPANY_ID] [--shortname S]",
    options: { name: { type: "string" }, "org-number": { type: "string" }, parent: { type: "string" }, shortname: { type: "string" } },
    async run(values) {
      const company = await createCompany({
        name: requiredString(values, "name"),
        orgNumber: requiredString(values, "org-number"),
        parentId: optionalString(values, "parent") ?? null,
        shortname: optionalString(values, "shortname") ?? null,
      });
      return { company_id: company.id, uuid: company.uuid, name: company.name, org_number: company.orgNumber, parent_id: company.parentId };
    },
    human(result) {
      const r = result as { company_id: string; name: string };
      return `Created company ${r.name}: ${r.company_id}`;
    },
  },
];
