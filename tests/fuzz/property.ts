// Runs a fuzz property from the run's seed (tests/fuzz/runs.ts). A failure names the seed, the failing request and
// the entry to add to tests/fuzz/regressions.ts; regressionTests() replays those entries with the same check.
import fc from "fast-check";
import { expect, inject, it } from "vitest";
import { regressions, type Regression } from "./regressions";
import { fuzzSeed, runsOf } from "./runs";
import type { World } from "./world";

/** The value with every world value in it replaced by its name ("$listIds.0"), so it replays in another world. */
function nameWorldValues(world: World, value: unknown): unknown {
  const names = new Map<string, string>();
  for (const [kind, values] of Object.entries(world.named)) {
    values.forEach((v, i) => names.has(v) || names.set(v, `$${kind}.${i}`));
  }
  return mapStrings(value, (text) => names.get(text) ?? text);
}

function resolveWorldValues(world: World, value: unknown): unknown {
  return mapStrings(value, (text) => {
    const [, kind, index] = text.match(/^\$(\w+)\.(\d+)$/) ?? [];
    if (kind === undefined) return text;
    const resolved = world.named[kind]?.[Number(index)];
    if (resolved === undefined) throw new Error(`a regression case names ${text}, which the fuzz world does not have`);
    return resolved;
  });
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, map));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, map)]));
  return value;
}

/**
 * Checks `check` on `ownRuns` generated values (FUZZ_RUNS under `npm run fuzz`); on a failure, throws with the
 * seed, what the check said (the request and its answer) and the regression entry of the shrunk counterexample.
 */
export async function assertProperty<T>(
  world: World,
  file: Regression["file"],
  property: string,
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<void>,
  ownRuns: number,
): Promise<void> {
  const details = await fc.check(fc.asyncProperty(arbitrary, check), { numRuns: runsOf(ownRuns) });
  if (!details.failed) return;
  const db = inject("provider");
  const entry: Regression = {
    name: "<what was wrong>",
    found: new Date().toISOString().slice(0, 10),
    seed: fuzzSeed,
    db,
    file,
    property,
    value: nameWorldValues(world, details.counterexample![0]),
  };
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `fuzz: "${property}" failed with seed ${fuzzSeed} (replay: npm run fuzz -- --seed ${fuzzSeed} --db ${db}):\n${cause}\n\n` +
      `Add to tests/fuzz/regressions.ts once understood:\n${JSON.stringify(entry, null, 2)}\n\n${fc.defaultReportMessage(details)}`,
  );
}

/** One named test per regression case of the file, replaying its value with the check of its property. */
export function regressionTests(
  world: () => World,
  file: Regression["file"],
  checks: Record<string, (value: never) => Promise<void>>,
): void {
  const cases = regressions.filter((r) => r.file === file);
  it("every regression case names a property of this file", () => {
    expect(cases.map((r) => r.property).filter((property) => !(property in checks))).toEqual([]);
  });
  for (const r of cases.filter((c) => c.property in checks)) {
    it(`regression: ${r.name} (${r.property}, found ${r.found}, seed ${r.seed})`, () =>
      checks[r.property](resolveWorldValues(world(), r.value) as never));
  }
}
