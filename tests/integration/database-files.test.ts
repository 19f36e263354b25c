// The SQLite database holds personal data and password hashes: a fresh database, its -wal and -shm, and its folder
// are the owner's alone (security finding 8: they were created 0644, readable by every local user), and so is a backup.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, inject, it } from "vitest";
import { cli } from "../helpers";

const folder = path.resolve("data", "test", `private-${crypto.randomBytes(4).toString("hex")}`);
const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("database files", () => {
  it.runIf(inject("provider") === "sqlite")(
    "a database the CLI creates (migrated, in WAL mode) is 0600 with its -wal and -shm, in a 0700 folder",
    () => {
      const file = path.join(folder, "data", "app.db");
      const url = `file:${file}`;
      expect(
        cli(["period:create", "--company", "nope", "--name", "x", "--start", "2027-08-01", "--end", "2028-07-31"], {
          databaseUrl: url,
        }).code,
      ).toBe(1);
      // A connection open while another writes: SQLite creates the -wal and -shm files beside the database.
      const connection = new Database(file, { fileMustExist: true });
      try {
        connection.prepare("CREATE TABLE probe (x)").run();
        expect(connection.pragma("journal_mode", { simple: true })).toBe("wal");
        expect({
          dir: mode(path.dirname(file)),
          db: mode(file),
          wal: mode(`${file}-wal`),
          shm: mode(`${file}-shm`),
        }).toEqual({ dir: "700", db: "600", wal: "600", shm: "600" });
      } finally {
        connection.close();
      }
    },
  );

  it("a backup is 0600", () => {
    const backup = path.join(folder, "backup");
    expect(cli(["db:backup", backup]).code).toBe(0);
    expect(mode(backup)).toBe("600");
  });
});
