// CLI: admin users and API keys.
import { randomToken } from "../../lib/crypto";
import { ValidationFailed } from "../../lib/errors";
import { operatorCaller } from "../../modules/access/services/caller";
import { createAdminUser } from "../../modules/access/services/admin-users";
import { createApiKey, listApiKeys, revokeApiKey } from "../../modules/access/services/api-keys";
import { turnOffTwoFactorByOperator } from "../../modules/access/services/staff-two-factor";
import {
  ADMIN_ROLES,
  CreateAdminUserRequest,
  CreateApiKeyRequest,
  MODULES,
  PERMISSIONS,
} from "../../modules/access/schemas/access";
import { parseInput } from "../../lib/validation/parse";
import { list, optionalString, requiredString, table, type CliCommand, type CliValues } from "./types";

const accessOptions = {
  modules: { type: "string" },
  permissions: { type: "string" },
  scope: { type: "string" },
  "no-descendants": { type: "boolean" },
} as const;

const accessUsage = [
  `  --modules a,b        modules (${MODULES.join(", ")}); default: all`,
  `  --permissions a,b    permissions (${PERMISSIONS.join(", ")}); default: all`,
  "  --scope all|id,id    companies the caller may touch; default: all",
  "  --no-descendants     the listed companies only, not their sub-companies",
].join("\n");

function accessFrom(values: CliValues) {
  const scope = optionalString(values, "scope") ?? "all";
  return {
    modules: values.modules === undefined ? [...MODULES] : list(values.modules),
    permissions: values.permissions === undefined ? [...PERMISSIONS] : list(values.permissions),
    company_ids: scope === "all" ? null : list(scope),
    include_descendants: !values["no-descendants"],
  };
}

export const accessCommands: CliCommand[] = [
  {
    name: "admin:create",
    summary: "create a dashboard admin user (prints a generated password once)",
    usage: [
      `npm run cli -- admin:create --email E --name N [--password P] [--role ${ADMIN_ROLES.join("|")}] [access options]`,
      accessUsage,
    ].join("\n"),
    options: {
      email: { type: "string" },
      name: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
      ...accessOptions,
    },
    async run(values) {
      const email = requiredString(values, "email");
      const password = optionalString(values, "password") ?? randomToken(12);
      const input = parseInput(CreateAdminUserRequest, {
        email,
        name: optionalString(values, "name") ?? email,
        password,
        role: (optionalString(values, "role") ?? "ADMIN").toUpperCase(),
        access: accessFrom(values),
      });
      const user = await createAdminUser(operatorCaller(), input);
      return { ...user, password: values.password ? undefined : password };
    },
    human(result) {
      const r = result as { email: string; role: string; password?: string };
      return `Created admin user ${r.email} (${r.role}).${r.password ? `\nPassword (shown once): ${r.password}` : ""}`;
    },
  },
  {
    name: "admin:two-factor-off",
    summary: "turn off a dashboard user's two-factor sign-in (lost phone and recovery codes)",
    usage: "npm run cli -- admin:two-factor-off --email E",
    options: { email: { type: "string" } },
    async run(values) {
      return turnOffTwoFactorByOperator(requiredString(values, "email"));
    },
    human(result) {
      const r = result as { email: string; wasOn: boolean };
      return r.wasOn
        ? `Two-factor sign-in of ${r.email} is off; the user signs in with the password alone.`
        : `${r.email} had no two-factor sign-in.`;
    },
  },
  {
    name: "api-key:create",
    summary: "create an API key with an access group; prints the client_secret once",
    usage: ["npm run cli -- api-key:create --name N --company COMPANY_ID [access options]", accessUsage].join("\n"),
    options: { name: { type: "string" }, company: { type: "string" }, ...accessOptions },
    async run(values) {
      const input = parseInput(CreateApiKeyRequest, {
        name: values.name,
        company_id: values.company,
        access: accessFrom(values),
      });
      return createApiKey(operatorCaller(), input);
    },
    human(result) {
      const r = result as { client_id: string; client_secret: string; name: string };
      return `Created API key "${r.name}".\nclient_id:     ${r.client_id}\nclient_secret: ${r.client_secret}  (shown once; store it now)`;
    },
  },
  {
    name: "api-key:list",
    summary: "list API keys with their access groups",
    usage: "npm run cli -- api-key:list [--json]",
    options: {},
    async run() {
      return listApiKeys(operatorCaller());
    },
    human(result) {
      const keys = result as Awaited<ReturnType<typeof listApiKeys>>;
      return table(
        keys.map((k) => ({
          client_id: k.client_id,
          name: k.name,
          company: k.company_id,
          modules: k.modules?.join(",") ?? k.access_group_error,
          permissions: k.permissions?.join(",") ?? "-",
          scope: !k.scope
            ? "-"
            : k.scope.kind === "all"
              ? "all"
              : `${k.scope.companyIds.join(",")}${k.scope.includeDescendants ? " +sub" : ""}`,
          revoked: k.revoked_at,
          last_used: k.last_used_at,
        })),
      );
    },
  },
  {
    name: "api-key:revoke",
    summary: "revoke an API key and all its refresh tokens",
    usage: "npm run cli -- api-key:revoke CLIENT_ID",
    options: {},
    async run(_values, positionals) {
      const clientId = positionals[0];
      if (!clientId) throw new ValidationFailed({ client_id: ["required"] });
      return revokeApiKey(operatorCaller(), clientId);
    },
    human(result) {
      return `Revoked ${(result as { client_id: string }).client_id}.`;
    },
  },
];
