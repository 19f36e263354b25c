import type { ParseArgsConfig } from "node:util";
import { ValidationFailed } from "../../lib/errors";

export type CliValues = Record<string, string | boolean | undefined>;

export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  /**
   * Handles the database as a whole (backup, restore): the CLI applies no pending migrations first (a backup taken
   * before an upgrade must hold the old schema; a restore target may be empty) and opens no Prisma connection.
   */
  wholeDatabase?: boolean;
  run(values: CliValues, positionals: string[]): Promise<unknown>;
  /** The human-readable form of run's result (--json prints the result itself). */
  human(result: unknown): string;
}

export function requiredString(values: CliValues, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value.trim() === "") throw new ValidationFailed({ [name]: ["required"] });
  return value.trim();
}

export function optionalString(values: CliValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

export function list(value: string | boolean | undefined): string[] {
  return typeof value === "string"
    ? value
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean)
    : [];
}

export function table(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return "(none)";
  const keys = Object.keys(rows[0]);
  const cell = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? "-" : String(v));
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => cell(r[k]).length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [
    line(keys),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map((r) => line(keys.map((k) => cell(r[k])))),
  ].join("\n");
}
