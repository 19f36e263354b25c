// TCP ports on 127.0.0.1 for test servers. Plain Node.js, so scripts/test.mjs can use it as well as the TypeScript.
import fs from "node:fs";
import net from "node:net";

/** The first port of the range the kernel hands out to outgoing connections (Linux; the usual default elsewhere). */
function firstEphemeralPort() {
  try {
    return Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

/**
 * A port nothing listens on now, below the ephemeral range. A port the system picks (listen on 0) is in that range,
 * so until a server binds it, any outgoing connection (a test's HTTP request, a database connection) may take it as
 * its local port; a server started minutes later then finds it in use (it happened to Playwright's sendout server,
 * on E2E_PORT + 1). The top few ports of the range are left out so that the next ones after a pick are below it too.
 */
export async function freePort() {
  const low = 10_000;
  const high = Math.max(low + 1_000, firstEphemeralPort()) - 10;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (await portIsFree(port)) return port;
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether `port` can be listened on now. */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}
