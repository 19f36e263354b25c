// CLI: the company register (tree, soft deletion), grants, leisure-card credentials and fk_status.
import { ValidationFailed } from "../../lib/errors";
import { operatorCaller } from "../../modules/access/services/caller";
import { listCompanies } from "../../modules/companies/services/companies";
import {
  createCompany,
  deleteCompany,
  updateCompany,
  type CompanyChanges,
} from "../../modules/companies/services/changes";
import { fkStatusHistory, updateFkStatus } from "../../modules/companies/services/fk-status";
import { activateGrant, createGrant, listGrants } from "../../modules/access/services/grants";
import { setLeisureCardApiKey } from "../../modules/companies/services/leisure-card";
import {
  FK_STATUSES,
  fkStatusMessage,
  GIRO_TYPES,
  isFkStatus,
  LeisureCardKeyRequest,
} from "../../modules/companies/schemas/company";
import { parseInput } from "../../lib/validation/parse";
import { optionalString, requiredString, table, type CliCommand, type CliValues } from "./types";

/** Register fields settable from the command line: option name -> model field. */
const fieldOptions = {
  name: "name",
  "org-number": "orgNumber",
  parent: "parentId",
  shortname: "shortname",
  street: "street",
  co: "co",
  zipcode: "zipcode",
  post: "post",
  country: "country",
  email: "email",
  phone: "phone",
  landline: "landline",
  web: "web",
  "contact-name": "cName",
  "contact-email": "cEmail",
  "contact-phone": "cPhone",
} as const satisfies Record<string, keyof CompanyChanges>;

const fieldOptionConfig = Object.fromEntries(Object.keys(fieldOptions).map((k) => [k, { type: "string" as const }]));

const fieldUsage = [
  '  --name N --org-number NNNNNN-NNNN --parent COMPANY_ID ("none" for top level)',
  "  --shortname --street --co --zipcode --post --country --email --phone --landline --web",
  '  --contact-name --contact-email --contact-phone   (an empty value "" clears a field)',
].join("\n");

function changesFrom(values: CliValues): CompanyChanges {
  const changes: Record<string, string | null> = {};
  for (const [option, field] of Object.entries(fieldOptions)) {
    const value = values[option];
    if (typeof value !== "string") continue;
    const trimmed = value.trim();
    changes[field] = trimmed === "" || (option === "parent" && trimmed === "none") ? null : trimmed;
  }
  return changes as CompanyChanges;
}

function positionalId(positionals: string[], name = "company_id"): string {
  const id = positionals[0];
  if (!id) throw new ValidationFailed({ [name]: ["required"] });
  return id;
}

const companySummary = (c: {
  id: string;
  name: string;
  orgNumber: string;
  parentId: string | null;
  fkStatus: string;
}) => ({
  company_id: c.id,
  name: c.name,
  org_number: c.orgNumber,
  parent_id: c.parentId,
  fk_status: c.fkStatus,
});

export const companyCommands: CliCommand[] = [
  {
    name: "company:list",
    summary: "list companies (id, name, org number, parent, fk_status)",
    usage: "npm run cli -- company:list [--deleted] [--json]",
    options: { deleted: { type: "boolean" } },
    async run(values) {
      const rows = await listCompanies(operatorCaller(), { include_deleted: Boolean(values.deleted) });
      return rows.map((c) => ({ ...companySummary(c), deleted_at: c.deletedAt }));
    },
    human(result) {
      return table(result as Record<string, unknown>[]);
    },
  },
  {
    name: "company:create",
    summary: "create a company, optionally under a parent",
    usage: [
      "npm run cli -- company:create --name N --org-number NNNNNN-NNNN [--parent COMPANY_ID] [fields]",
      fieldUsage,
    ].join("\n"),
    options: fieldOptionConfig,
    async run(values) {
      const changes = changesFrom(values);
      const company = await createCompany(operatorCaller(), {
        ...changes,
        name: requiredString(values, "name"),
        orgNumber: requiredString(values, "org-number"),
      });
      return companySummary(company);
    },
    human(result) {
      const r = result as { company_id: string; name: string };
      return `Created ${r.name}: ${r.company_id}`;
    },
  },
  {
    name: "company:update",
    summary: "change a company's register fields or parent (fk_status: company:set-fk-status)",
    usage: ["npm run cli -- company:update COMPANY_ID [fields]", fieldUsage].join("\n"),
    options: fieldOptionConfig,
    async run(values, positionals) {
      const changes = changesFrom(values);
      if (Object.keys(changes).length === 0)
        throw new ValidationFailed({}, ["nothing to change: give at least one field option"]);
      return companySummary(await updateCompany(operatorCaller(), positionalId(positionals), changes));
    },
    human(result) {
      return `Updated ${(result as { company_id: string }).company_id}.`;
    },
  },
  {
    name: "company:delete",
    summary: "soft-delete a company (refused while it has live sub-companies)",
    usage: "npm run cli -- company:delete COMPANY_ID",
    options: {},
    async run(_values, positionals) {
      const company = await deleteCompany(operatorCaller(), positionalId(positionals));
      return { company_id: company.id, deleted_at: company.deletedAt };
    },
    human(result) {
      return `Deleted ${(result as { company_id: string }).company_id}.`;
    },
  },
  {
    name: "grant:create",
    summary: "create a grant that can be activated on companies",
    usage: "npm run cli -- grant:create --name N [--descr TEXT]",
    options: { name: { type: "string" }, descr: { type: "string" } },
    async run(values) {
      const grant = await createGrant(operatorCaller(), {
        name: requiredString(values, "name"),
        descr: optionalString(values, "descr"),
      });
      return { id: grant.id, uuid: grant.uuid, name: grant.name, descr: grant.descr };
    },
    human(result) {
      const r = result as { id: number; name: string };
      return `Created grant ${r.id}: ${r.name}`;
    },
  },
  {
    name: "grant:list",
    summary: "list grants",
    usage: "npm run cli -- grant:list [--json]",
    options: {},
    async run() {
      return (await listGrants(operatorCaller())).map((g) => ({
        id: g.id,
        uuid: g.uuid,
        name: g.name,
        descr: g.descr,
      }));
    },
    human(result) {
      return table(result as Record<string, unknown>[]);
    },
  },
  {
    name: "grant:activate",
    summary: "activate a grant on a company",
    usage: "npm run cli -- grant:activate --company COMPANY_ID --grant GRANT_ID",
    options: { company: { type: "string" }, grant: { type: "string" } },
    async run(values) {
      const grantId = Number(requiredString(values, "grant"));
      if (!Number.isInteger(grantId)) throw new ValidationFailed({ grant: ["must be a grant id (integer)"] });
      const cg = await activateGrant(operatorCaller(), requiredString(values, "company"), grantId);
      return { id: cg.id, company_id: cg.companyId, grant_id: cg.grantId, created_at: cg.createdAt };
    },
    human(result) {
      const r = result as { grant_id: number; company_id: string };
      return `Grant ${r.grant_id} is active on ${r.company_id}.`;
    },
  },
  {
    name: "company:leisure-card-key",
    summary: "set a company's leisure-card API key and giro details (stored encrypted)",
    usage: [
      `npm run cli -- company:leisure-card-key COMPANY_ID --giro-type ${GIRO_TYPES.join("|")} --giro-number N < key.txt`,
      "  The API key is read from stdin (first line), so it does not end up in shell history or the process list.",
    ].join("\n"),
    options: { "giro-type": { type: "string" }, "giro-number": { type: "string" } },
    async run(values, positionals) {
      const companyId = positionalId(positionals);
      const input = parseInput(LeisureCardKeyRequest, {
        api_key: await readFirstLine(),
        giro_type: optionalString(values, "giro-type") ?? null,
        giro_number: optionalString(values, "giro-number") ?? null,
      });
      return setLeisureCardApiKey(operatorCaller(), companyId, input);
    },
    human(result) {
      const r = result as { company_id: string; giro_type: string | null; giro_number: string | null };
      return `Leisure-card key set for ${r.company_id} (${r.giro_type ?? "no giro type"} ${r.giro_number ?? "no giro number"}).`;
    },
  },
  {
    name: "company:set-fk-status",
    summary: 'set a company\'s fk_status (recorded in its history as "cli")',
    usage: `npm run cli -- company:set-fk-status COMPANY_ID ${FK_STATUSES.join("|")}`,
    options: {},
    async run(_values, positionals) {
      const status = positionals[1];
      if (!isFkStatus(status)) throw new ValidationFailed({ fk_status: [fkStatusMessage(status)] });
      return updateFkStatus(operatorCaller(), positionalId(positionals), status);
    },
    human(result) {
      const r = result as { company_id: string; fk_status: string };
      return `${r.company_id} fk_status is ${r.fk_status}.`;
    },
  },
  {
    name: "company:fk-history",
    summary: "show a company's fk_status history (from, to, who, when), newest first",
    usage: "npm run cli -- company:fk-history COMPANY_ID [--json]",
    options: {},
    async run(_values, positionals) {
      return fkStatusHistory(operatorCaller(), positionalId(positionals));
    },
    human(result) {
      return table(result as Record<string, unknown>[]);
    },
  },
];

async function readFirstLine(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("Leisure-card API key: ");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (chunk.includes(10)) break;
  }
  const line = Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0].trim();
  if (!line) throw new ValidationFailed({ api_key: ["required (first line of stdin)"] });
  return line;
}
