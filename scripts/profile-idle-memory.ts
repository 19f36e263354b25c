// Where the idle `npm start` tree's memory goes (the target: at most 200 MB): starts it as the bench does, on an empty
// database, waits until its RSS holds still (settledTreeRss), and prints the tree's RSS and the server's mappings by
// what they map (the node binary, V8's heap and other anonymous memory, malloc's heap, shared libraries). With
// --keep SECONDS it stays up that long with the server's pid printed, for a heap snapshot (start the run with
// NODE_OPTIONS=--heapsnapshot-signal=SIGUSR2, then `kill -USR2 <pid>`). Needs the build (`npm run build`).
//
//   npx tsx --conditions=react-server scripts/profile-idle-memory.ts [--db sqlite|postgres] [--keep 0]
import fs from "node:fs";
import { parseArgs } from "node:util";
import { applyMigrations } from "../lib/migrate-deploy";
import { prepareRun, RUN_SETTINGS } from "./lib/bench-fixtures";
import { serverProcess, settledTreeRss, startStack } from "./lib/bench-stack";
import { runScript } from "./lib/run-script";

const { values: args } = parseArgs({
  options: { db: { type: "string", default: "sqlite" }, keep: { type: "string", default: "0" } },
});
const provider = args.db === "postgres" ? "postgres" : "sqlite";
const SETTLE_MS = 5000;

/** The process's resident memory by mapping name ("[anon]" for anonymous mappings), in MB, largest first. */
function residentByMapping(pid: number): [string, number][] {
  const byName = new Map<string, number>();
  let name = "";
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) name = mapping[1] || "[anon]";
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) byName.set(name, (byName.get(name) ?? 0) + Number(rss[1]) / 1024);
  }
  return [...byName].sort((a, b) => b[1] - a[1]);
}

async function main() {
  const { database, secrets, logFile } = await prepareRun(provider, "profile_idle_memory");
  applyMigrations(database.url);
  const { disconnectDb, prepareDatabase } = await import("../lib/db");
  await prepareDatabase();
  // The server applies migrations at start, which waits for every other SQLite connection to let go.
  await disconnectDb();
  const stack = await startStack({ databaseUrl: database.url, secrets, settings: RUN_SETTINGS, logFile });
  try {
    const idle = await settledTreeRss(stack.root.pid!, SETTLE_MS);
    console.log(
      `[${provider}] tree RSS idle: ${idle.totalMb.toFixed(0)} MB (${idle.parts}), settled after ${idle.settledAfterSeconds} s`,
    );
    const server = serverProcess(stack.root.pid!)!;
    for (const [name, mb] of residentByMapping(server.pid).filter(([, mb]) => mb >= 0.5))
      console.log(`${mb.toFixed(1).padStart(7)} MB  ${name}`);
    const keepSeconds = Number(args.keep);
    if (keepSeconds > 0) {
      console.log(`server pid ${server.pid}, ${stack.base}; up for ${keepSeconds} s`);
      await new Promise((resolve) => setTimeout(resolve, keepSeconds * 1000));
    }
  } finally {
    await stack.stop();
  }
}

runScript(main);
