// npm start's memory settings live in two places a shell and Node each can read: package.json's start script and
// scripts/lib/server-command.mjs. scripts/start.mjs refuses to run without them; these checks keep the two in step.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_HEAP_MB, MEMORY_ENV, nodeFlags } from "@/scripts/lib/server-command.mjs";

const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;

describe("npm start's command line", () => {
  it("package.json's start and serve scripts pass the flags and environment server-command.mjs defines", () => {
    for (const name of ["start", "serve"]) {
      const script = scripts[name];
      // With MAX_HEAP_MB unset the shell substitutes the same default.
      const expanded = script.replace(/\$\{MAX_HEAP_MB:-(\d+)\}/, "$1").replace(/\$\{(\w+):-([^}]*)\}/g, "$2");
      expect(script).toContain(`\${MAX_HEAP_MB:-${DEFAULT_MAX_HEAP_MB}}`);
      for (const flag of nodeFlags({})) expect(expanded, name).toContain(flag);
      for (const [variable, value] of Object.entries(MEMORY_ENV))
        expect(expanded, name).toContain(`${variable}=${value}`);
      // No shell left between npm and node: the install step (on the machine's Node.js) ends first, then exec replaces
      // the shell, and env looks node up again on PATH, where npm put node_modules/.bin (Node.js 24) first.
      expect(script, name).toMatch(/^(node scripts\/install\.mjs && )?exec env /);
    }
  });

  it("scripts/start.mjs refuses to run without them, naming what is missing", () => {
    const env = { ...process.env, MALLOC_ARENA_MAX: "" };
    const result = spawnSync(process.execPath, ["scripts/start.mjs"], { env, encoding: "utf8", timeout: 20_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(nodeFlags(env)[0]);
    expect(result.stderr).toContain("MALLOC_ARENA_MAX");
  });

  it("MAX_HEAP_MB sets the heap bound", () => {
    expect(nodeFlags({ MAX_HEAP_MB: "512" })).toContain("--max-old-space-size=512");
    expect(() => nodeFlags({ MAX_HEAP_MB: "lots" })).toThrow(/MAX_HEAP_MB/);
  });
});
