// The CPU a process has used, read from /proc (Linux): the profiling scripts' split of a run's CPU between the server,
// the database's processes and the load generator.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

/** User and system CPU seconds the process has used so far (clock ticks of 10 ms); 0 once it is gone. */
export function cpuSecondsOf(pid: number): number {
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
export function databaseCpuSeconds(provider: "sqlite" | "postgres"): number {
  if (provider !== "postgres") return 0;
  const pids = execFileSync("pgrep", ["-x", "postgres"], { encoding: "utf8" }).trim().split("\n").map(Number);
  return pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
}
