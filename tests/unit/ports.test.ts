// Test servers' ports stay out of the range outgoing connections take their local ports from, so a port picked now is
// still free when a server binds it minutes later (Playwright's sendout server once found its port taken).
import fs from "node:fs";
import net from "node:net";
import { expect, it } from "vitest";
import { freePort, portIsFree } from "@/scripts/lib/ports.mjs";

const firstEphemeral = Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);

it("picks free ports below the ephemeral range, with room for the next two", async () => {
  for (let i = 0; i < 20; i++) {
    const port = await freePort();
    expect(port + 2).toBeLessThan(firstEphemeral);
    expect(await portIsFree(port)).toBe(true);
  }
});

it("says a port a server listens on is not free", async () => {
  const server = net.createServer();
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  try {
    expect(await portIsFree(port)).toBe(false);
  } finally {
    server.close();
  }
});
