// Process lifecycle: SIGTERM / SIGINT stop the compiled server (and, through `npm start`, the simulator) only after
// the requests in flight have finished; afterwards nothing listens and no child process remains. Real processes,
// a real slow request (the leisure-card simulator's delay), the demo seed's API key as the fixture.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { demoOrgNumber } from "@/lib/leisure-card/demo-providers";
import { startLeisureCardSimulator } from "@/scripts/leisure-card-simulator";
import { createTestDatabase, freePort, startTestStack } from "@/scripts/lib/test-stack";
import { accessToken, childPids, connectionRefused, demoCredentials, processAlive, waitFor, withDatabase } from "../process-fixtures";

const APPROVED_DEMO_ORG = demoOrgNumber(3); // Stockholm IF, approved in the simulator's default list
const SLOW_MS = 2500;

async function approvedCompanyId(databaseUrl: string): Promise<string> {
  return withDatabase(databaseUrl, async (query) => {
    const rows = await query(`SELECT id FROM "Company" WHERE "orgNumber" = '${APPROVED_DEMO_ORG}'`);
    return rows[0].id as string;
  });
}

async function makeSlow(simulatorUrl: string) {
  const res = await fetch(`${simulatorUrl}/__control/behaviour`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ org_number: APPROVED_DEMO_ORG, delay_ms: SLOW_MS }),
  });
  expect(res.status).toBe(200);
}

/** The slow status check, started now; resolves with its status, body and when it ended. */
function slowRequest(baseUrl: string, token: string, companyId: string) {
  return fetch(`${baseUrl}/v3/company/fk/status/${companyId}`, { headers: { authorization: `Bearer ${token}` } }).then(async (res) => ({
    status: res.status,
    body: await res.json(),
    endedAt: Date.now(),
  }));
}

/** A finished request on a keep-alive connection that stays open and idle. */
function idleKeepAliveConnection(port: number): Promise<http.Agent> {
  const agent = new http.Agent({ keepAlive: true });
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/healthz", agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(agent));
      })
      .on("error", reject);
  });
}

describe("stopping gracefully", () => {
  it("SIGTERM to the server: the slow request in flight completes, new connections are refused, exit 0", async () => {
    const simulator = await startLeisureCardSimulator({ port: 0 });
    const stack = await startTestStack({
      provider: inject("provider"),
      env: { DEMO_SEED: "true", LEISURE_CARD_API_URL: simulator.url, LEISURE_CARD_TIMEOUT_MS: "20000" },
    });
    try {
      const port = Number(new URL(stack.baseUrl).port);
      const token = await accessToken(stack.baseUrl, demoCredentials(stack.log()));
      const companyId = await approvedCompanyId(stack.databaseUrl);
      await makeSlow(simulator.url);
      const idle = await idleKeepAliveConnection(port);

      const slow = slowRequest(stack.baseUrl, token, companyId);
      await new Promise((r) => setTimeout(r, 500));
      const signalledAt = Date.now();
      stack.server.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 300));
      expect(await connectionRefused(port)).toBe(true);
      expect(processAlive(stack.server.pid!)).toBe(true); // still finishing the request

      const result = await slow;
      expect(result).toMatchObject({ status: 200, body: { utforarestatus: "GODKAND" } });
      expect(await stack.exited).toBe(0);
      const exitedAt = Date.now();
      // The idle keep-alive connection did not hold the exit up to the 10 s bound.
      expect(exitedAt - signalledAt).toBeLessThan(SLOW_MS + 3000);
      expect(processAlive(stack.server.pid!)).toBe(false);
      idle.destroy();
    } finally {
      await stack.stop();
      await simulator.close();
    }
  }, 120_000);

  it("SIGINT to npm start's process (scripts/start.mjs): server and simulator stop after the slow request, none is left", async () => {
    const database = await createTestDatabase(inject("provider"), `start_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`);
    const [port, simulatorPort] = [await freePort(), await freePort()];
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: "127.0.0.1",
      SECRETS_FILE: path.join(os.tmpdir(), `forening-secrets-${crypto.randomBytes(4).toString("hex")}.json`),
      LEISURE_CARD_SIMULATOR_PORT: String(simulatorPort),
      LEISURE_CARD_TIMEOUT_MS: "20000",
      DEMO_SEED: "true",
      LOG_LEVEL: "warn",
      LOG_SQL: "false",
    };
    for (const name of ["LEISURE_CARD_API_URL", "JWT_SECRET", "ENCRYPTION_KEY", "LINK_SIGNING_SECRET", "NEXTAUTH_SECRET"]) delete env[name];
    let log = "";
    const start = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
    start.stdout!.on("data", (d) => (log += d));
    start.stderr!.on("data", (d) => (log += d));
    const exited = new Promise<number | null>((resolve) => start.once("exit", (code) => resolve(code)));
    let children: number[] = [];
    try {
      await waitFor("npm start to serve", async () => (await fetch(`${baseUrl}/readyz`)).status === 200, 90_000);
      children = childPids(start.pid!);
      expect(children).toHaveLength(2); // the simulator and the server, node itself (no npx or shell between)

      const token = await accessToken(baseUrl, demoCredentials(log));
      await makeSlow(`http://127.0.0.1:${simulatorPort}`);
      const slow = slowRequest(baseUrl, token, await approvedCompanyId(database.url));
      await new Promise((r) => setTimeout(r, 500));
      start.kill("SIGINT");

      const result = await slow;
      expect(result).toMatchObject({ status: 200, body: { utforarestatus: "GODKAND" } });
      expect(await exited).toBe(0);
      for (const pid of children) expect(processAlive(pid), `child ${pid} still running`).toBe(false);
      expect(await connectionRefused(port)).toBe(true);
      expect(await connectionRefused(simulatorPort)).toBe(true);
    } catch (error) {
      console.error(`npm start output:\n${log}`);
      throw error;
    } finally {
      for (const pid of [start.pid!, ...children]) if (processAlive(pid)) process.kill(pid, "SIGKILL");
      fs.rmSync(env.SECRETS_FILE!, { force: true });
      await database.drop();
    }
  }, 180_000);
});
