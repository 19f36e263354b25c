#!/usr/bin/env node
// Compiles the production server (server.ts), the leisure-card simulator, the mail catcher and the operator CLI to plain JavaScript in dist/, so they run
// on `node` without tsx. Our own TypeScript (lib/, the generated Prisma clients) is bundled; npm packages stay
// external and are loaded from node_modules at run time, as Next itself is. `import "server-only"` resolves to its
// empty module, as it does under Next's react-server condition. The generated clients' query compilers are read from
// .wasm files beside the server (queryCompilerFromFile).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

const ENTRY_POINTS = {
  server: "server.ts",
  "leisure-card-simulator": "scripts/leisure-card-simulator.ts",
  "mail-catcher": "scripts/mail-catcher.ts",
  cli: "scripts/cli.ts",
};

/** The providers of the generated Prisma clients (lib/generated/<provider>), whose query compilers dist/ holds. */
const PROVIDERS = ["sqlite", "postgresql"];
const compilerFile = (provider) => `query_compiler_bg.${provider}.wasm`;
const BASE64_IMPORT =
  /const \{ wasm \} = await import\("@prisma\/client\/runtime\/query_compiler_bg\.(\w+)\.wasm-base64\.mjs"\)\s*return await decodeBase64AsWasm\(wasm\)/;

/**
 * A generated Prisma client loads its query compiler from a module that holds it as base64 text, and the module's
 * source and that text then stay on the heap for the process's life (5 MB of the idle server). In dist/ the client
 * reads it from a .wasm file beside the server instead (written by buildServer). A Prisma upgrade that changes how
 * the client loads it fails the build here rather than loading the old way unnoticed.
 */
const queryCompilerFromFile = {
  name: "prisma-query-compiler-from-file",
  setup(build) {
    build.onLoad({ filter: /[\\/]lib[\\/]generated[\\/]\w+[\\/]internal[\\/]class\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, "utf8");
      const match = BASE64_IMPORT.exec(source);
      if (!match)
        throw new Error(
          `${args.path} no longer loads its query compiler as base64: see queryCompilerFromFile in scripts/build-server.mjs`,
        );
      const read = `return new WebAssembly.Module(await (await import("node:fs/promises")).readFile(new URL("./${compilerFile(match[1])}", import.meta.url)))`;
      return { contents: source.replace(BASE64_IMPORT, read), loader: "ts" };
    });
  },
};

/** esbuild's options for dist/ (tests/unit/server-bundle.test.ts builds with them too, in memory). */
export const BUILD_OPTIONS = {
  entryPoints: ENTRY_POINTS,
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  alias: { "server-only": path.resolve("node_modules/server-only/empty.js") },
  conditions: ["react-server"],
  plugins: [queryCompilerFromFile],
  logLevel: "warning",
};

export async function buildServer() {
  await esbuild.build(BUILD_OPTIONS);
  for (const provider of PROVIDERS) {
    const { wasm } = await import(`@prisma/client/runtime/query_compiler_bg.${provider}.wasm-base64.mjs`);
    fs.writeFileSync(path.join("dist", compilerFile(provider)), Buffer.from(wasm, "base64"));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await buildServer();
