// The server under test, started exactly as `npm start` starts it (npm -> node scripts/start.mjs, which runs the
// compiled dist/server.mjs and the leisure-card simulator in its own process), so the memory measured is the whole
// process tree an operator's `npm start` leaves running. Memory is read from /proc (Linux, scripts/lib/tree-rss.mjs).
// With a named Node.js binary (`npm run bench -- --nodes ...`), the same process on that binary without npm: see
// startStack's `node`.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { freePort } from "./ports.mjs";
import { nodeFlags, serverEnv } from "./server-command.mjs";
import { processTree } from "./tree-rss.mjs";

/** The launcher of a server on a named Node.js binary, and the preload every process started on one gets. */
const BENCH_SERVE_SCRIPT = "scripts/lib/bench-serve.mjs";
const BENCH_PRELOAD = "./scripts/lib/bench-node-preload.mjs";

/** A Node.js binary to run the server (and C1) on, with the environment its preload needs (scripts/lib/bench-nodes.ts). */
export interface NodeRun {
  path: string;
  /** Node flags after npm start's own. */
  flags?: string[];
  env: Record<string, string>;
}

export interface Stack {
  base: string;
  root: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
}

interface TreeMemory {
  totalMb: number;
  /** Each process's RSS, e.g. "npm 55, server 127". */
  parts: string;
}

/** The process running the server: since it runs in start.mjs's own process, the node process of scripts/start.mjs. */
const isServer = (command: string) =>
  command.includes("scripts/start.mjs") || command.includes("dist/server.mjs") || command.includes(BENCH_SERVE_SCRIPT);

function shortName(command: string): string {
  const program = command.split(" ")[0].split("/").pop() || "?";
  return program === "node" && isServer(command) ? "server" : program;
}

/** The summed VmRSS of the tree under `root` (scripts/lib/tree-rss.mjs), in MB, and each process's share. */
function treeRss(root: number): TreeMemory {
  const tree = processTree(root);
  return {
    totalMb: tree.reduce((sum, p) => sum + p.rssMb, 0),
    parts: tree
      .filter((p) => p.rssMb > 0)
      .map((p) => `${shortName(p.command)} ${Math.round(p.rssMb)}`)
      .join(", "),
  };
}

export interface SettledMemory extends TreeMemory {
  /** Seconds from the first sample until the tree's RSS held still. */
  settledAfterSeconds: number;
  /** The first sample: the RSS before V8's memory reducer has run (it waits 8 s without allocations). */
  firstMb: number;
}

/**
 * The tree's RSS at rest: sampled every second from `firstAfterMs`, until three samples in a row lie within 2 MB, at
 * least 10 s and at most 30 s. Five seconds after the server answered, the tree still held its start-up garbage: V8's
 * memory reducer gives it back after 8 s without allocations, in the server and in npm alike (209 MB at 5 s, 192 MB
 * from 9 s on, the same build), so one sample at a fixed moment measured when it ran rather than what an idle tree holds.
 */
export async function settledTreeRss(root: number, firstAfterMs: number): Promise<SettledMemory> {
  await new Promise((r) => setTimeout(r, firstAfterMs));
  const samples = [treeRss(root)];
  for (let second = 1; second <= 30; second++) {
    await new Promise((r) => setTimeout(r, 1000));
    samples.push(treeRss(root));
    const last = samples.slice(-3).map((sample) => sample.totalMb);
    if (second >= 10 && Math.max(...last) - Math.min(...last) <= 2) break;
  }
  return { ...samples.at(-1)!, settledAfterSeconds: samples.length - 1, firstMb: samples[0].totalMb };
}

/** The process running the server in the tree under `root`, with its current RSS. */
export function serverProcess(root: number) {
  return processTree(root).find((p) => isServer(p.command));
}

/** The Node.js version of the server process (its /proc/<pid>/exe asked for `--version`), or null when it is gone. */
export function serverNodeVersion(root: number): string | null {
  const server = serverProcess(root);
  if (!server) return null;
  try {
    return execFileSync(fs.readlinkSync(`/proc/${server.pid}/exe`), ["--version"], { encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

/** The server process's peak resident memory (VmHWM), in MB. */
export function serverPeakMb(root: number): number | null {
  const server = serverProcess(root);
  if (!server) return null;
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return null;
  }
}

/**
 * `npm start` with the run's database and secrets, demo seeding off, the simulator on a free port, and the given
 * settings (the rate limits raised for the run). Output goes to `logFile`. Resolves when /healthz answers.
 *
 * With `node`: no npm and no scripts/start.mjs (which refuses a Node.js older than 24), but the same one process on
 * that binary, with the start script's flags and memory environment (scripts/lib/server-command.mjs):
 * `<node> --max-old-space-size=384 --max-semi-space-size=4 --import <preload> scripts/lib/bench-serve.mjs` with
 * MALLOC_ARENA_MAX=2. The tree is then that one process: npm start's adds npm's own (about 55 MB).
 */
export async function startStack(options: {
  databaseUrl: string;
  secrets: Record<string, string>;
  settings: Record<string, string>;
  logFile: string;
  node?: NodeRun;
}): Promise<Stack> {
  const port = await freePort();
  const simulatorPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.secrets,
    ...options.settings,
    DATABASE_URL: options.databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    DEMO_SEED: "false",
    LEISURE_CARD_SIMULATOR_PORT: String(simulatorPort),
  };
  // As an operator's shell would have it: start.mjs decides these (production, the bundled simulator).
  for (const name of ["NODE_ENV", "LEISURE_CARD_API_URL", "REDIS_URL", "LOG_LEVEL", "LOG_SQL", "MAX_HEAP_MB"])
    delete env[name];
  const log = fs.openSync(options.logFile, "a");
  const root = options.node
    ? spawn(
        options.node.path,
        [...nodeFlags(env), ...(options.node.flags ?? []), "--import", BENCH_PRELOAD, BENCH_SERVE_SCRIPT],
        {
          env: { ...serverEnv(env), ...options.node.env } as NodeJS.ProcessEnv,
          stdio: ["ignore", log, log],
          detached: true,
        },
      )
    : spawn("npm", ["start"], { env, stdio: ["ignore", log, log], detached: true });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => root.once("exit", () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const stack: Stack = {
    base,
    root,
    logFile: options.logFile,
    async stop() {
      if (root.exitCode !== null || root.signalCode !== null) return;
      const tree = processTree(root.pid!).map((p) => p.pid);
      // start.mjs stops the server (graceful) and exits; npm follows.
      const starter = processTree(root.pid!).find((p) => isServer(p.command))?.pid;
      process.kill(starter ?? root.pid!, "SIGTERM");
      const timedOut = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), 20_000)),
      ]);
      for (const pid of tree.reverse()) {
        try {
          if (fs.existsSync(`/proc/${pid}`)) process.kill(pid, timedOut ? "SIGKILL" : "SIGTERM");
        } catch {
          // gone
        }
      }
    },
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (root.exitCode !== null) throw new Error(`npm start exited (${root.exitCode}); see ${options.logFile}`);
    if (Date.now() > deadline) {
      await stack.stop();
      throw new Error(`the server did not answer /healthz within 180 s; see ${options.logFile}`);
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok) return stack;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The C1 floor server (bench-c1.mjs) in a process of its own, on `node` if given; resolves once it listens. */
export async function startC1(databaseUrl: string, node?: NodeRun): Promise<{ base: string; stop(): void }> {
  const port = await freePort();
  const args = ["scripts/lib/bench-c1.mjs", databaseUrl, String(port)];
  const child = node
    ? spawn(node.path, ["--import", BENCH_PRELOAD, ...args], {
        env: { ...process.env, ...node.env },
        stdio: ["ignore", "pipe", "inherit"],
      })
    : spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`bench-c1.mjs exited (${code})`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) resolve();
    });
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}
