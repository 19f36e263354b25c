// CLI: properties (the questions of subscription lists) and the unsubscribe links of a member's sendouts.
import { ValidationFailed } from "../../lib/errors";
import { operatorCaller } from "../../modules/access/services/caller";
import { createProperty } from "../../modules/members/services/properties";
import { sendoutLinksForMember } from "../../modules/lists/services/unsubscribe-links";
import { parseInput } from "../../lib/validation/parse";
import { CreatePropertyRequest } from "../../modules/lists/schemas/subscription";
import { optionalString, type CliCommand } from "./types";

export const subscriptionCommands: CliCommand[] = [
  {
    name: "property:create",
    summary: "add a member property (usable as a list question) to a group of a company",
    usage:
      "npm run cli -- property:create --company COMPANY_ID --group NAME --name NAME [--descr TEXT] [--group-descr TEXT]",
    options: {
      company: { type: "string" },
      group: { type: "string" },
      name: { type: "string" },
      descr: { type: "string" },
      "group-descr": { type: "string" },
    },
    async run(values) {
      const input = parseInput(CreatePropertyRequest, {
        company_id: values.company,
        group_name: values.group,
        name: values.name,
        descr: optionalString(values, "descr"),
        group_descr: optionalString(values, "group-descr"),
      });
      return createProperty(operatorCaller(), input);
    },
    human(result) {
      const r = result as { prop_id: number; name: string; group_name: string };
      return `Created property ${r.prop_id} "${r.name}" in group "${r.group_name}".`;
    },
  },
  {
    name: "member:links",
    summary: "print the unsubscribe links (and List-Unsubscribe headers) a sendout to a member carries",
    usage: "npm run cli -- member:links MEMBER_ID   (SITE_URL sets the origin of the links)",
    options: {},
    async run(_values, positionals) {
      const memberId = Number(positionals[0]);
      if (!Number.isSafeInteger(memberId) || memberId <= 0)
        throw new ValidationFailed({ member_id: ["must be a member id"] });
      return sendoutLinksForMember(operatorCaller(), memberId);
    },
    human(result) {
      const r = result as Awaited<ReturnType<typeof sendoutLinksForMember>>;
      return [
        `Member ${r.member_id} <${r.email ?? "no email"}>`,
        `Global opt-out: ${r.global_opt_out_url}`,
        ...r.lists.flatMap((l) => [
          `List "${l.name}": ${l.unsubscribe_url}`,
          `  List-Unsubscribe: ${l.headers["List-Unsubscribe"]}`,
          `  List-Unsubscribe-Post: ${l.headers["List-Unsubscribe-Post"]}`,
        ]),
      ].join("\n");
    },
  },
];
