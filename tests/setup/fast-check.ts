// Every property of every tier runs from one seed: FIXED_SEED in npm test and CI (the same answer for the same
// commit), a fresh one under `npm run fuzz` (scripts/fuzz.mjs sets FUZZ_SEED).
import fc from "fast-check";
import { fuzzSeed } from "../fuzz/runs";

fc.configureGlobal({ seed: fuzzSeed });
