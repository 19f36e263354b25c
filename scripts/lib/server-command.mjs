// How the compiled programs run in production (npm start, the test stack): plain `node`, no tsx, a bounded heap and
// the memory settings below (docs/operating.md, Operations: memory). Plain Node.js with no dependencies, like prepare.mjs.
//
// package.json's start script repeats these settings (a shell cannot import them): scripts/start.mjs refuses to run
// when its own command line and environment differ from what nodeFlags() and MEMORY_ENV say.

export const SERVER_SCRIPT = "dist/server.mjs";
export const SIMULATOR_SCRIPT = "dist/leisure-card-simulator.mjs";
export const MAIL_CATCHER_SCRIPT = "dist/mail-catcher.mjs";

/**
 * V8's old-space limit for the server, in MB (MAX_HEAP_MB). The heap holds about 45 MB idle and 100 MB after the
 * load of the memory figures in docs/operating.md; the largest documented single peak (a 100,000-row subscriber CSV) adds about
 * 60 MB. 384 leaves room for several such answers at once, while a leak ends in an out-of-memory exit the supervisor
 * restarts instead of the host swapping.
 */
export const DEFAULT_MAX_HEAP_MB = 384;

/**
 * V8's young generation, in MB per semi-space (default 16 on 64-bit: two semi-spaces of 16 MB stay resident once a
 * burst of requests has grown them). 4 MB takes about 25 MB off the resident set; scavenges run more often, each
 * shorter.
 */
const SEMI_SPACE_MB = 4;

/**
 * glibc malloc settings, read only at process start. Every thread that allocates (libuv's pool running argon2 and
 * file I/O, V8's GC and compiler threads) otherwise gets an arena of its own that keeps its freed memory: 2 arenas
 * hold the same work in less resident memory. An operator's own MALLOC_ARENA_MAX wins.
 *
 * Not set: MALLOC_TRIM_THRESHOLD_. Fixed at glibc's default (128 KiB) it took 9-11 MB off the idle server, but every
 * block of 128 KiB or more was then mapped and unmapped anew: the server's CPU per token request rose from 1.8 to
 * 2.5-2.7 ms (profile-subscribe-server on PostgreSQL, 2026-11-29).
 */
export const MEMORY_ENV = { MALLOC_ARENA_MAX: "2" };

/** MAX_HEAP_MB from the environment, checked; DEFAULT_MAX_HEAP_MB when unset. */
function maxHeapMb(env = process.env) {
  const value = env.MAX_HEAP_MB;
  if (value === undefined || value === "") return DEFAULT_MAX_HEAP_MB;
  const mb = Number(value);
  if (!Number.isInteger(mb) || mb < 64)
    throw new Error(`MAX_HEAP_MB must be a whole number of megabytes (64 or more), not ${value}`);
  return mb;
}

/** The node options of the production server. */
export function nodeFlags(env = process.env) {
  return [`--max-old-space-size=${maxHeapMb(env)}`, `--max-semi-space-size=${SEMI_SPACE_MB}`];
}

/** The environment for a production server process: `env` with MEMORY_ENV's defaults. */
export function serverEnv(env = process.env) {
  return { ...MEMORY_ENV, ...env };
}

/** The server's command line on its own (the test stack): [executable, args]; run it with serverEnv(). */
export function serverCommand(env = process.env) {
  return [process.execPath, [...nodeFlags(env), SERVER_SCRIPT]];
}

/** npm start's command line without npm (what package.json's start script runs): [executable, args]. */
export function startCommand(env = process.env) {
  return [process.execPath, [...nodeFlags(env), "scripts/start.mjs"]];
}
