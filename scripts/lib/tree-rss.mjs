// Resident memory of a process and everything it started (the figure the memory budget bounds), read from
// /proc on Linux. Plain Node.js with no dependencies, so the bench (scripts/bench.ts), tests and a shell can use it:
//   node scripts/lib/tree-rss.mjs <pid>     prints one line per process and the total
import fs from "node:fs";
import { pathToFileURL } from "node:url";

/** The process's direct children, from every thread's children list (a child may be started from any thread). */
function childrenOf(pid) {
  let tasks;
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = new Set();
  for (const task of tasks) {
    try {
      for (const child of fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/)) {
        if (child) children.add(Number(child));
      }
    } catch {
      // the thread ended meanwhile
    }
  }
  return [...children];
}

/** VmRSS (resident set: heap, code, native buffers, shared libraries mapped in) of one process in kB; 0 once it is gone. */
function rssKb(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

function commandOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
  } catch {
    return "";
  }
}

/**
 * The process `pid` and all its descendants: [{ pid, ppid, rssMb, command }], the root first.
 * Each process's own RSS; pages shared between them (libnode is not shared: node is one static binary) count once per
 * process, as `ps` and the OOM killer count them.
 */
export function processTree(pid) {
  const tree = [];
  const visit = (current, parent) => {
    tree.push({ pid: current, ppid: parent, rssMb: rssKb(current) / 1024, command: commandOf(current) });
    for (const child of childrenOf(current)) visit(child, current);
  };
  visit(pid, 0);
  return tree;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const pid = Number(process.argv[2]);
  if (!Number.isInteger(pid) || pid <= 0) {
    console.error("usage: node scripts/lib/tree-rss.mjs <pid>");
    process.exit(2);
  }
  const tree = processTree(pid);
  for (const p of tree)
    console.log(
      `${String(p.pid).padStart(7)} ${String(p.ppid).padStart(7)} ${p.rssMb.toFixed(1).padStart(7)} MB  ${p.command.slice(0, 100)}`,
    );
  console.log(`total ${tree.reduce((sum, p) => sum + p.rssMb, 0).toFixed(1)} MB in ${tree.length} processes`);
}
