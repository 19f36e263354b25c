// A V8 CPU profile of one stretch of a profiling script (scripts/profile-*.ts), for scripts/cpuprofile-top.mjs.
import fs from "node:fs";
import { Session } from "node:inspector/promises";

/** Starts profiling this process when `file` is given; the function returned stops and writes the profile there. */
export async function startCpuProfile(file: string | undefined): Promise<() => Promise<void>> {
  if (!file) return async () => {};
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
