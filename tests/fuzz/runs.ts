// How much a property generates, and from which seed. npm test and CI run FIXED_SEED with each property's own
// count; `npm run fuzz -- --runs N | --minutes M` (scripts/fuzz.mjs) sets FUZZ_SEED to a fresh seed per round and
// FUZZ_RUNS to N. A failure found that way is added to tests/fuzz/regressions.ts, which every run replays.
const FIXED_SEED = 20261124;

export const fuzzSeed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : FIXED_SEED;

/** The number of generated cases for a property: its own count, or FUZZ_RUNS under `npm run fuzz`. */
export function runsOf(ownCount: number): number {
  return process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : ownCount;
}
