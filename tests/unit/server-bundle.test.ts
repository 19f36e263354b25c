// The idle `npm start` tree has a memory budget (README, Operations: memory). Every package the compiled server
// imports statically is loaded at start and stays resident for the process's life, so packages only some processes
// use are imported where they are used. This builds the server as `npm run build` does (scripts/build-server.mjs),
// in memory, and reads the package imports of its top level.
import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";
import { BUILD_OPTIONS } from "@/scripts/build-server.mjs";

/** Loaded on first use: exceljs (an .xlsx import), pg-boss (PostgreSQL), ioredis (REDIS_URL); date-fns per function. */
const LOADED_ON_USE = ["exceljs", "pg-boss", "ioredis", "date-fns"];

async function serverImports() {
  const result = await esbuild.build({ ...BUILD_OPTIONS, entryPoints: { server: "server.ts" }, write: false, metafile: true, logLevel: "silent" });
  const [output] = Object.values(result.metafile!.outputs);
  const external = output.imports.filter((i) => i.external);
  return {
    atStart: external.filter((i) => i.kind === "import-statement").map((i) => i.path),
    onUse: external.filter((i) => i.kind === "dynamic-import").map((i) => i.path),
  };
}

describe("the compiled server's imports", () => {
  it("loads the packages only some processes need when they are first used, not at start", async () => {
    const { atStart, onUse } = await serverImports();
    expect(atStart).toContain("next"); // the build read server.ts's imports
    for (const name of LOADED_ON_USE) expect(atStart, name).not.toContain(name);
    // ioredis is reached only from the route bundles' rate limits, which Next builds.
    expect(onUse).toEqual(expect.arrayContaining(["exceljs", "pg-boss"]));
  }, 30_000);
});
