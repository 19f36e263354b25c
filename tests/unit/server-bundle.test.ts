// The idle `npm start` tree has a memory budget (docs/operating.md, Operations: memory). Every package the compiled programs
// import statically is loaded at start and stays resident for the process's life, so packages only some processes
// use are imported where they are used. This builds dist/ as `npm run build` does (scripts/build-server.mjs), in
// memory, and reads the package imports of each program's top level.
import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";
import { BUILD_OPTIONS } from "@/scripts/build-server.mjs";

/** Loaded on first use: pg-boss (PostgreSQL), ioredis (REDIS_URL); date-fns per function. */
const LOADED_ON_USE = ["pg-boss", "ioredis", "date-fns"];
/**
 * Loaded only by the thread that reads an import's file (modules/imports/reader/sheet-thread.mjs) and the one that
 * writes the LOK-stöd workbook (modules/activities/workbook/lok-workbook-thread.mjs), never by the server itself.
 */
const READER_THREAD_ONLY = ["exceljs", "csv-parse", "saxes"];

// One build serves every check: it compiles all of dist/'s programs at once.
let build: Promise<esbuild.Metafile> | undefined;

async function importsOf(program: "server" | "mail-catcher") {
  build ??= esbuild
    .build({ ...BUILD_OPTIONS, write: false, metafile: true, logLevel: "silent" })
    .then((result) => result.metafile!);
  const output = (await build).outputs[`dist/${program}.mjs`];
  const external = output.imports.filter((i) => i.external);
  return {
    atStart: external.filter((i) => i.kind === "import-statement").map((i) => i.path),
    onUse: external.filter((i) => i.kind === "dynamic-import").map((i) => i.path),
  };
}

describe("the compiled programs' imports", () => {
  it("the server loads the packages only some processes need when they are first used, not at start", async () => {
    const { atStart, onUse } = await importsOf("server");
    expect(atStart).toContain("next"); // the build read server.ts's imports
    for (const name of LOADED_ON_USE) expect(atStart, name).not.toContain(name);
    // ioredis is reached only from the route bundles' rate limits, which Next builds.
    expect(onUse).toEqual(expect.arrayContaining(["pg-boss"]));
    for (const name of READER_THREAD_ONLY) expect([...atStart, ...onUse], name).not.toContain(name);
  }, 30_000);

  it("the generated Prisma clients read their query compilers from dist/, not from Prisma's base64 modules", async () => {
    const { onUse } = await importsOf("server");
    expect(onUse).toEqual(
      expect.arrayContaining([
        "@prisma/client/runtime/query_compiler_bg.postgresql.mjs",
        "@prisma/client/runtime/query_compiler_bg.sqlite.mjs",
      ]),
    );
    expect(onUse.filter((name) => name.includes("wasm-base64"))).toEqual([]);
  }, 30_000);

  it("the mail catcher loads smtp-server only when it starts (not when SMTP_URL names a real server)", async () => {
    const { atStart, onUse } = await importsOf("mail-catcher");
    expect(atStart).not.toContain("smtp-server");
    expect(onUse).toContain("smtp-server");
  }, 30_000);
});
