// The register scenario's baseline: GET /v3/company/fk at N companies against the work it cannot avoid, done
// in-process: the register query through the bare driver (and through the app's Prisma client, $queryRaw) plus JSON
// serialization of the same rows in the endpoint's shape. The baseline's JSON must be byte-identical to the
// endpoint's body (checked by bench.ts over HTTP before anything is timed), so the two always do the same work.
import { timeLoop, type Timed } from "./bench-load";

/** The register query of modules/companies/services/companies.ts (kept private there) as plain SQL. */
const REGISTER_SQL = `
  SELECT c."name" AS "name", c."orgNumber" AS "orgNumber", p."name" AS "parentName", p."orgNumber" AS "parentOrgNumber"
  FROM "Company" c
  LEFT JOIN "Company" p ON p."id" = c."parentId" AND p."deletedAt" IS NULL
  WHERE c."deletedAt" IS NULL
  ORDER BY c."name", c."id"`;

interface RegisterRow {
  name: string;
  orgNumber: string;
  parentName: string | null;
  parentOrgNumber: string | null;
}

/** The endpoint's JSON for the rows (spec 4.2: name, org_number, parent or null). */
function registerJson(rows: RegisterRow[]): string {
  return JSON.stringify(
    rows.map((r) => ({
      name: r.name,
      org_number: r.orgNumber,
      parent:
        r.parentOrgNumber === null || r.parentName === null
          ? null
          : { org_number: r.parentOrgNumber, name: r.parentName },
    })),
  );
}

export interface RegisterBaseline {
  /** The JSON the endpoint must answer, byte for byte. */
  expectedBody: string;
  rows: number;
  driver: Timed;
  prisma: Timed;
  driverName: string;
}

/** Times both baselines for `seconds` each; the database connections are closed again when it returns. */
export async function measureRegisterBaseline(databaseUrl: string, seconds: number): Promise<RegisterBaseline> {
  const { registerRowsRaw } = await import("../../modules/companies/services/companies");
  const expectedBody = registerJson(await registerRowsRaw());
  const same = (json: string, what: string) => {
    if (json !== expectedBody)
      throw new Error(
        `${what}: the register baseline's rows differ from registerRowsRaw (modules/companies/services/companies.ts)`,
      );
  };
  let driver: Timed;
  let driverName: string;
  if (databaseUrl.startsWith("file:")) {
    const Database = (await import("better-sqlite3")).default;
    const file = new Database(databaseUrl.slice("file:".length), { readonly: true });
    const statement = file.prepare(REGISTER_SQL);
    same(registerJson(statement.all() as RegisterRow[]), "better-sqlite3");
    driver = await timeLoop(seconds, () => registerJson(statement.all() as RegisterRow[]));
    driverName = "better-sqlite3";
    file.close();
  } else {
    const pg = (await import("pg")).default;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    same(registerJson((await client.query<RegisterRow>(REGISTER_SQL)).rows), "pg");
    driver = await timeLoop(seconds, async () => registerJson((await client.query<RegisterRow>(REGISTER_SQL)).rows));
    driverName = "pg";
    await client.end();
  }
  const prisma = await timeLoop(seconds, async () => registerJson(await registerRowsRaw()));
  return { expectedBody, rows: JSON.parse(expectedBody).length, driver, prisma, driverName };
}
