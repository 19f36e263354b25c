// CLI: admin users and API keys.
import { randomToken } from "../../lib/crypto";
import { MODULES, PERMISSIONS, type AccessGroupInput } from "../../lib/services/access";
import { ADMIN_ROLES, createAdminUser, type AdminRole } from "../../lib/services/admin-users";
import { createApiKey, listApiKeys, revokeApiKey } from "../../lib/services/api-keys";
import { ValidationFailed } from "../../lib/errors";
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

function accessFrom(values: CliValues, name: string): AccessGroupInput {
  const scope = optionalString(values, "scope") ?? "all";
  return {
    name,
    modules: values.modules === undefined ? [...MODULES] : list(values.modules),
    permissions: values.permissions === undefined ? [...PERMISSIONS] : list(values.permissions),
    companyIds: scope === "all" ? null : list(scope),
    includeDescendants: !values["no-descendants"],
  };
}

export const accessCommands: CliCommand[] = [
  {
    name: "admin:create",
    summary: "create a dashboard admin user (prints a generated password once)",
    usage: [
      "npm run cli -- admin:create --email E --name N [--password P] [--role ADMIN|EDITOR|VIEWER] [access options]",
      accessUsage,
    ].join("\n"),
    options: { email: { type: "string" }, name: { type: "string" }, password: { type: "string" }, role: { type: "string" }, ...accessOptions },
    async run(values) {
      const role = (optionalString(values, "role") ?? "ADMIN").toUpperCase();
      if (!(ADMIN_ROLES as readonly string[]).includes(role)) {
        throw new ValidationFailed({ role: [`must be one of ${ADMIN_ROLES.join(", ")}`] });
      }
      const email = requiredString(values, "email");
      const name = optionalString(values, "name") ?? email;
      const password = optionalString(values, "password") ?? randomToken(12);
      const user = await createAdminUser({
        email,
        name,
        password,
        role: role as AdminRole,
        access: accessFrom(values, `admin ${email}`),
      });
      return { ...user, password: values.password ? undefined : password };
    },
    human(result) {
      const r = result as { email: string; role: string; password?: string };
      return `Created admin user ${r.email} (${r.role}).${r.password ? `\nPassword (shown once): ${r.password}` : ""}`;
    },
  },
  {
    name: "api-key:create",
    summary: "create an API key with an access group; prints the client_secret once",
    usage: ["npm run cli -- api-key:create --name N --company COMPANY_ID [access options]", accessUsage].join("\n"),
    options: { name: { type: "string" }, company: { type: "string" }, ...accessOptions },
    async run(values) {
      const name = requiredString(values, "name");
      const key = await createApiKey({ name, companyId: requiredString(values, "company"), access: accessFrom(values, name) });
      return { id: key.id, name: key.name, client_id: key.clientId, client_secret: key.clientSecret, company_id: key.companyId };
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
      return listApiKeys();
    },
    human(result) {
      const keys = result as Awaited<ReturnType<typeof listApiKeys>>;
      return table(
        keys.map((k) => ({
          client_id: k.clientId,
          name: k.name,
          company: k.companyId,
          modules: k.modules?.join(",") ?? k.accessGroupError,
          permissions: k.permissions?.join(",") ?? "-",
          scope: !k.scope ? "-" : k.scope.kind === "all" ? "all" : `${k.scope.companyIds.join(",")}${k.scope.includeDescendants ? " +sub" : ""}`,
          revoked: k.revokedAt,
          last_used: k.lastUsedAt,
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
      await revokeApiKey(clientId);
      return { client_id: clientId, revoked: true };
    },
    human(result) {
      return `Revoked ${(result as { client_id: string }).client_id}.`;
    },
  },
];
