// How the compiled programs run in production (npm start, the test stack): plain `node`, no tsx, a bounded heap.
// Plain Node.js with no dependencies, like prepare.mjs.

export const SERVER_SCRIPT = "dist/server.mjs";
export const SIMULATOR_SCRIPT = "dist/leisure-card-simulator.mjs";

/**
 * V8's old-space limit for the server, in MB (MAX_HEAP_MB). The server idles at roughly 100-150 MB of heap and its
 * largest documented peak (a 100,000-row subscriber CSV) adds about 60 MB: 1024 MB leaves room for concurrency while
 * a leak ends in a crash the supervisor restarts instead of swapping the host.
 */
export const DEFAULT_MAX_HEAP_MB = 1024;
const SIMULATOR_MAX_HEAP_MB = 128;

function heapMb(value) {
  if (value === undefined || value === "") return DEFAULT_MAX_HEAP_MB;
  const mb = Number(value);
  if (!Number.isInteger(mb) || mb < 64) throw new Error(`MAX_HEAP_MB must be a whole number of megabytes (64 or more), not ${value}`);
  return mb;
}

/** The server's command line: [executable, args]. */
export function serverCommand(env = process.env) {
  return [process.execPath, [`--max-old-space-size=${heapMb(env.MAX_HEAP_MB)}`, SERVER_SCRIPT]];
}

/** The leisure-card simulator's command line: [executable, args]. */
export function simulatorCommand(args = []) {
  return [process.execPath, [`--max-old-space-size=${SIMULATOR_MAX_HEAP_MB}`, SIMULATOR_SCRIPT, ...args]];
}
