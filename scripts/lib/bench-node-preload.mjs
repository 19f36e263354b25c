// Preloaded (node --import) into the processes `npm run bench -- --nodes ...` starts on a named Node.js binary: the
// server (scripts/lib/bench-serve.mjs) and the C1 floor. Never loaded by `npm start`, the tests or a normal bench run.
//
// - BENCH_BETTER_SQLITE3_NODE=<file>: better-sqlite3 is native and compiled for one Node.js ABI; node_modules holds the
//   build for Node.js 24 (ABI 137). With this set, the process loads <file> (a build of the same version for this
//   Node.js, made by scripts/lib/bench-nodes.ts under data/bench-node/) wherever better-sqlite3 asks for its own
//   build/Release/better_sqlite3.node. The code that opens the database is the production code, unchanged.
// - BENCH_MEMORY_FILE=<file>: on SIGUSR2 the process writes where its memory is to <file> (JSON: process.memoryUsage,
//   V8's heap statistics and spaces, and its resident set by kind of mapping from /proc/self/smaps).
import fs from "node:fs";
import v8 from "node:v8";

const binding = process.env.BENCH_BETTER_SQLITE3_NODE;
if (binding) {
  const dlopen = process.dlopen;
  process.dlopen = function (module, filename, ...rest) {
    const swapped = /[\\/]better-sqlite3[\\/]build[\\/]Release[\\/]better_sqlite3\.node$/.test(filename);
    return dlopen.call(this, module, swapped ? binding : filename, ...rest);
  };
}

/** Resident kB of /proc/self/smaps by kind of mapping: V8's and malloc's anonymous memory, the node binary, .node addons ... */
function smapsByKind() {
  const kinds = {};
  let kind = "other";
  let text = "";
  try {
    text = fs.readFileSync("/proc/self/smaps", "utf8");
  } catch {
    return kinds;
  }
  for (const line of text.split("\n")) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const name = head[1];
      if (name === "") kind = "anonymous";
      else if (name === "[heap]") kind = "[heap] (brk malloc)";
      else if (name.startsWith("[")) kind = name;
      else if (name.endsWith(".node")) kind = ".node addons";
      else if (name === fs.realpathSync(process.execPath)) kind = "node binary";
      else if (/\.so(\.|$)/.test(name)) kind = "shared libraries";
      else if (name.includes("memfd:") || name.startsWith("/memfd")) kind = "memfd";
      else kind = "files";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kinds[kind] = (kinds[kind] ?? 0) + Number(rss[1]);
  }
  return kinds;
}

function report() {
  return {
    version: process.version,
    memoryUsage: process.memoryUsage(),
    heap: v8.getHeapStatistics(),
    spaces: v8.getHeapSpaceStatistics(),
    smapsKb: smapsByKind(),
    flags: process.execArgv,
    env: { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX },
  };
}

const memoryFile = process.env.BENCH_MEMORY_FILE;
if (memoryFile) {
  process.on("SIGUSR2", () => {
    fs.writeFileSync(`${memoryFile}.tmp`, JSON.stringify(report()));
    fs.renameSync(`${memoryFile}.tmp`, memoryFile);
  });
}
