// A client generated from the served /v3/openapi.json the way an integrator makes one: openapi-typescript with its
// default settings, openapi-fetch to call. The program (tests/typed-client/program.ts) must type-check with tsc
// against the generated types (calling /member/pagination with only `{page: 2}`, which needs request fields with
// defaults to be optional), and then run against this server. A second file that breaks the types must not
// type-check, so the first check can fail.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, makeApiKey } from "../helpers";
import { createMemberVia, makeOrganization, type Organization } from "../member-fixtures";

const run = promisify(execFile);
const bin = (name: string) => path.resolve("node_modules", ".bin", name);

/** Calls the generated client with types it does not allow; tsc must refuse each marked line. */
const wrongProgram = `import createClient from "openapi-fetch";
import type { paths } from "./api";
const client = createClient<paths>({ baseUrl: "http://localhost/v3" });
export const wrong = [
  client.POST("/member/pagination", { body: { page: "2" } }), // WRONG: page is a number
  client.POST("/member", { body: { email: "a@example.se" } }), // WRONG: company_id is required
  client.GET("/member/{id}", { params: { path: {} } }), // WRONG: the path needs id
];
`;

/** What tests/typed-client/program.ts exports (not imported here: its types exist only in the temporary folder). */
interface Program {
  run(
    baseUrl: string,
    credentials: { clientId: string; clientSecret: string },
  ): Promise<{
    page: number;
    limit: number;
    memberCount: number;
    emails: (string | null)[];
    companies: { name: string; children: number }[];
    found: string[];
  }>;
}

let dir: string;
let org: Organization;
let credentials: { clientId: string; clientSecret: string };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typed-client-"));
  fs.symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"), "dir");
  const served = await call("/v3/openapi.json");
  expect(served.status).toBe(200);
  fs.writeFileSync(path.join(dir, "openapi.json"), served.text);
  // The generator's defaults: no flags besides input and output.
  await run(bin("openapi-typescript"), ["openapi.json", "-o", "api.d.ts"], { cwd: dir });
  fs.copyFileSync(path.resolve("tests/typed-client/program.ts"), path.join(dir, "program.ts"));
  fs.writeFileSync(path.join(dir, "wrong.ts"), wrongProgram);
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "esnext",
        moduleResolution: "bundler",
        types: ["node"],
        skipLibCheck: true,
      },
      files: ["program.ts", "wrong.ts"],
    }),
  );

  org = await makeOrganization();
  for (const firstname of ["Astrid", "Erik", "Sigrid"])
    await createMemberVia(org.token, { company_id: org.rootId, firstname });
  const key = await makeApiKey({ companyId: org.rootId, companyIds: [org.rootId], modules: ["member", "company"] });
  credentials = { clientId: key.client_id, clientSecret: key.client_secret };
}, 120_000);

describe("a client generated with openapi-typescript's defaults", () => {
  it("type-checks the program, and refuses calls the document does not allow", async () => {
    const result = await run(bin("tsc"), ["-p", "tsconfig.json"], { cwd: dir }).then(
      () => "",
      (error: { stdout: string }) => error.stdout,
    );
    const errors = result.split("\n").filter((line) => /error TS/.test(line));
    expect(
      errors.filter((line) => !line.startsWith("wrong.ts")),
      "the program must type-check",
    ).toEqual([]);
    const refusedLines = new Set(errors.map((line) => Number(/^wrong\.ts\((\d+),/.exec(line)?.[1])));
    const wrongLines = wrongProgram.split("\n").flatMap((line, i) => (line.includes("// WRONG") ? [i + 1] : []));
    expect([...refusedLines].sort(), "each wrong call must be refused").toEqual(wrongLines);
  }, 120_000);

  it("runs against the server: a token, page 2 of the members with the server's defaults, the companies", async () => {
    const program = (await import(pathToFileURL(path.join(dir, "program.ts")).href)) as Program;
    const result = await program.run(`${baseUrl()}/v3`, credentials);
    expect(result).toMatchObject({ page: 2, limit: 20, memberCount: 3, emails: [] });
    expect(result.companies).toEqual([{ name: expect.stringMatching(/^Medlemsförbundet/), children: 2 }]);
    expect(result.found.length).toBeGreaterThan(0);
  }, 60_000);
});
