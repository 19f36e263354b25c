// npm test's API-document step (docs/api.md, API document): writes /v3/openapi.json as a deployment serves it to a
// temporary file and lints it with Redocly's recommended rules (redocly.yaml) and Spectral's spectral:oas
// (.spectral.yaml). Fails on any error; warnings are printed, and each one left is justified in docs/api.md (API document).
// `npx tsx scripts/lint-openapi.ts [file]` also keeps the document at `file`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "../lib/openapi/document";

// A deployment's address, as the served document names its server (not localhost, which Redocly warns about).
const SERVER_URL = "https://medlem.forening.invalid/v3";

const file = process.argv[2] ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), "openapi-")), "openapi.json");
fs.writeFileSync(file, JSON.stringify(buildOpenApiDocument(SERVER_URL), null, 2));

const linters = [
  ["redocly", "lint", "--config", "redocly.yaml", "--format", "stylish", file],
  ["spectral", "lint", "--ruleset", ".spectral.yaml", "--fail-severity", "error", file],
];
let failed = false;
for (const args of linters) {
  const { status } = spawnSync("npx", args, {
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  if (status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
