#!/usr/bin/env node
// npm run fuzz -- [--runs N] [--minutes M] [--seed S] [--db sqlite|postgres]
// The fuzz tests (tests/integration/fuzz-*.test.ts) with fresh seeds, for as long as you like: one round, or rounds
// until M minutes have passed (the last round finishes). Each round draws a seed (or takes --seed, to replay one)
// and runs every property N times (default: each property's own count, as npm test does with its fixed seed).
// Stops at the first failing round: Vitest has printed the seed, the failing request and the entry to add to
// tests/fuzz/regressions.ts.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import { parseArgs } from "node:util";
import { ensureBuild } from "./lib/prepare.mjs";

const { values: options } = parseArgs({
  options: {
    runs: { type: "string" },
    minutes: { type: "string" },
    seed: { type: "string" },
    db: { type: "string", default: "sqlite" },
  },
});
const positive = (name) => {
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`--${name} must be a positive integer, not ${options[name]}`);
  return value;
};
if (!["sqlite", "postgres"].includes(options.db)) throw new Error(`--db is sqlite or postgres, not ${options.db}`);
const deadline = options.minutes === undefined ? 0 : Date.now() + positive("minutes") * 60_000;

ensureBuild();
const seeds = [];
do {
  const seed = seeds.length === 0 && options.seed !== undefined ? positive("seed") : crypto.randomInt(2 ** 31);
  seeds.push(seed);
  console.log(
    `\nfuzz round ${seeds.length}: seed ${seed}, ${options.db}${options.runs ? `, ${positive("runs")} runs per property` : ""}`,
  );
  const result = spawnSync(
    "npx",
    [
      "vitest",
      "run",
      "--project",
      "integration",
      "tests/integration/fuzz-api.test.ts",
      "tests/integration/fuzz-hosted.test.ts",
    ],
    {
      stdio: "inherit",
      env: {
        ...process.env,
        TEST_DB: options.db,
        FUZZ_SEED: String(seed),
        ...(options.runs ? { FUZZ_RUNS: String(positive("runs")) } : {}),
      },
    },
  );
  if (result.status !== 0) {
    console.log(
      `\nfuzz: seed ${seed} failed (round ${seeds.length}). Replay it with: npm run fuzz -- --seed ${seed} --db ${options.db}`,
    );
    process.exit(1);
  }
} while (Date.now() < deadline);
console.log(`\nfuzz: ${seeds.length} round(s), no failure (seeds ${seeds.join(", ")})`);
