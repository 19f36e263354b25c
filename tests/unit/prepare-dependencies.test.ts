// `NODE_ENV=production npm start` on a fresh clone: ensureDependencies must install the dev dependencies the build
// needs. `npm ci` alone omits them under NODE_ENV=production, and the build then failed. Tried on a real `npm ci` of
// a small project whose only dependency is a local folder, so it needs no registry.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const project = fs.mkdtempSync(path.join(os.tmpdir(), "prepare-deps-"));
afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

describe("ensureDependencies", () => {
  it("installs dev dependencies under NODE_ENV=production", () => {
    fs.mkdirSync(path.join(project, "build-tool"));
    fs.writeFileSync(
      path.join(project, "build-tool", "package.json"),
      JSON.stringify({ name: "build-tool", version: "1.0.0" }),
    );
    fs.writeFileSync(
      path.join(project, "package.json"),
      JSON.stringify({
        name: "probe",
        version: "1.0.0",
        private: true,
        devDependencies: { "build-tool": "file:./build-tool" },
      }),
    );
    execFileSync("npm", ["install", "--package-lock-only", "--no-audit", "--no-fund"], {
      cwd: project,
      stdio: "ignore",
    });
    // The Prisma clients exist, so only the install is tried.
    for (const provider of ["sqlite", "postgres"]) {
      fs.mkdirSync(path.join(project, "lib/generated", provider), { recursive: true });
      fs.writeFileSync(path.join(project, "lib/generated", provider, "client.ts"), "");
    }
    const prepare = path.resolve("scripts/lib/prepare.mjs");
    execFileSync(
      process.execPath,
      ["--input-type=module", "-e", `import(${JSON.stringify(prepare)}).then((m) => m.ensureDependencies())`],
      {
        cwd: project,
        env: { ...process.env, NODE_ENV: "production" },
        stdio: "ignore",
      },
    );
    expect(fs.existsSync(path.join(project, "node_modules", "build-tool", "package.json"))).toBe(true);
  });
});
