// The CPU a process has used, read from /proc (Linux): the profiling scripts' split of a run's CPU between the server,
// the database's processes and the load generator.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

/** User and system CPU seconds the process has used so far (clock ticks of 10 ms); 0 once it is gone. */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // ended between a listing of processes and this read
  }
}

/**
 * The database server's CPU seconds: every PostgreSQL process's, summed (backends come and go; the sum over the ones
 * alive is enough here). 0 for SQLite, which runs inside the server's process.
 */
function databaseCpuSeconds(provider: "sqlite" | "postgres"): number {
  if (provider !== "postgres") return 0;
  const pids = execFileSync("pgrep", ["-x", "postgres"], { encoding: "utf8" }).trim().split("\n").map(Number);
  return pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
}

/** CPU seconds, split as the profiling scripts report it. */
export interface CpuSplit {
  server: number;
  database: number;
  /** This process: the load generator, or the SMTP server a sendout is measured into. */
  self: number;
}

/** Starts counting the CPU of the server (`serverPid`), the database and this process; the function returns what each used since. */
export function cpuSplitSince(serverPid: number, provider: "sqlite" | "postgres"): () => CpuSplit {
  const before = { server: cpuSecondsOf(serverPid), database: databaseCpuSeconds(provider), self: process.cpuUsage() };
  return () => {
    const self = process.cpuUsage(before.self);
    return {
      server: cpuSecondsOf(serverPid) - before.server,
      database: databaseCpuSeconds(provider) - before.database,
      self: (self.user + self.system) / 1e6,
    };
  };
}
