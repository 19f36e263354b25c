#!/usr/bin/env node
// Compiles the production server (server.ts), the leisure-card simulator and the mail catcher to plain JavaScript in dist/, so they run
// on `node` without tsx. Our own TypeScript (lib/, the generated Prisma clients) is bundled; npm packages stay
// external and are loaded from node_modules at run time, as Next itself is. `import "server-only"` resolves to its
// empty module, as it does under Next's react-server condition.
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

const ENTRY_POINTS = {
  server: "server.ts",
  "leisure-card-simulator": "scripts/leisure-card-simulator.ts",
  "mail-catcher": "scripts/mail-catcher.ts",
};

/** esbuild's options for dist/ (tests/unit/server-bundle.test.ts builds the server with them too). */
export const BUILD_OPTIONS = {
  entryPoints: ENTRY_POINTS,
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "server-only": path.resolve("node_modules/server-only/empty.js") },
  conditions: ["react-server"],
  logLevel: "warning",
};

export async function buildServer() {
  await esbuild.build(BUILD_OPTIONS);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await buildServer();
