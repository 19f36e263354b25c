// Process lifecycle: SIGTERM / SIGINT stop the compiled server (and, through `npm start`, the simulator running in the
// same process) only after the requests in flight have finished; afterwards nothing listens and no process remains.
// Real processes, a real slow request (the leisure-card simulator's delay), the demo seed's API key as the fixture.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { describe, expect, inject, it } from "vitest";
import { DRAIN_TIMEOUT_MS } from "@/lib/bootstrap/graceful-shutdown";
import { demoOrgNumber } from "@/modules/companies/services/leisure-card-demo-providers";
import { startLeisureCardSimulator } from "@/scripts/leisure-card-simulator";
import { serverEnv, startCommand } from "@/scripts/lib/server-command.mjs";
import { freePort } from "@/scripts/lib/ports.mjs";
import { createTestDatabase, startTestStack } from "@/scripts/lib/test-stack";
import { processTree } from "@/scripts/lib/tree-rss.mjs";
import {
  accessToken,
  connectionRefused,
  demoCredentials,
  processAlive,
  waitFor,
  withDatabase,
} from "../process-fixtures";

const APPROVED_DEMO_ORG = demoOrgNumber(3); // Stockholm IF, approved in the simulator's default list
const OTHER_DEMO_ORG = demoOrgNumber(4); // Stockholm Simklubb, has a leisure-card key, not approved
const SLOW_MS = 2500;

async function companyId(databaseUrl: string, orgNumber: string): Promise<string> {
  return withDatabase(databaseUrl, async (query) => {
    const rows = await query(`SELECT id FROM "Company" WHERE "orgNumber" = '${orgNumber}'`);
    return rows[0].id as string;
  });
}

/** Makes the simulator answer this org_number's status checks after delayMs. */
async function delay(simulatorUrl: string, orgNumber: string, delayMs: number) {
  const res = await fetch(`${simulatorUrl}/__control/behaviour`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ org_number: orgNumber, delay_ms: delayMs }),
  });
  expect(res.status).toBe(200);
}

/** Waits until the simulator holds `count` status requests in their delay (the service is waiting for the answers). */
async function waitForSimulatorHolding(simulatorUrl: string, count = 1) {
  await waitFor(
    "the slow requests to reach the simulator",
    async () => ((await (await fetch(`${simulatorUrl}/__control`)).json()) as { waiting: number }).waiting >= count,
    30_000,
  );
}

interface Answer {
  status?: number;
  body?: unknown;
  connection?: string;
  error?: string;
}

/** A GET over node:http (fetch hides the Connection header): status, JSON body and Connection, or the socket error. */
function get(port: number, agent: http.Agent, path: string, token?: string): Promise<Answer> {
  return new Promise((resolve) => {
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    http
      .get({ host: "127.0.0.1", port, path, agent, headers }, (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode, body: JSON.parse(text), connection: res.headers.connection }),
        );
        res.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      })
      .on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

describe("stopping gracefully", () => {
  it("SIGTERM to the server: requests in flight finish (at most 10 s), new connections are refused, exit 0", async () => {
    const simulator = await startLeisureCardSimulator({ port: 0 });
    const stack = await startTestStack({
      provider: inject("provider"),
      env: { DEMO_SEED: "true", LEISURE_CARD_API_URL: simulator.url, LEISURE_CARD_TIMEOUT_MS: "60000" },
    });
    try {
      const port = Number(new URL(stack.baseUrl).port);
      const token = await accessToken(stack.baseUrl, demoCredentials(stack.log()));
      const [slowCompany, stuckCompany] = await Promise.all([
        companyId(stack.databaseUrl, APPROVED_DEMO_ORG),
        companyId(stack.databaseUrl, OTHER_DEMO_ORG),
      ]);
      await delay(simulator.url, APPROVED_DEMO_ORG, SLOW_MS);
      await delay(simulator.url, OTHER_DEMO_ORG, 40_000); // longer than the drain bound
      const agent = new http.Agent({ keepAlive: true });
      expect((await get(port, agent, "/healthz")).status).toBe(200); // leaves an idle keep-alive connection

      const slow = get(port, agent, `/v3/company/fk/status/${slowCompany}`, token);
      const stuck = get(port, agent, `/v3/company/fk/status/${stuckCompany}`, token);
      await waitForSimulatorHolding(simulator.url, 2);
      const signalledAt = Date.now();
      stack.server.kill("SIGTERM");
      await waitFor("the server to stop listening", () => connectionRefused(port), 10_000);
      expect(processAlive(stack.server.pid!)).toBe(true); // still finishing the requests

      // The slow request completes, on a connection the server then closes (no reuse of a stopping server).
      expect(await slow).toMatchObject({ status: 200, body: { utforarestatus: "GODKAND" }, connection: "close" });
      // The stuck one is cut at the bound; the idle keep-alive connection held nothing up.
      expect(await stuck).toMatchObject({ error: expect.any(String) });
      expect(await stack.exited).toBe(0);
      const stoppedAfter = Date.now() - signalledAt;
      expect(stoppedAfter).toBeGreaterThanOrEqual(DRAIN_TIMEOUT_MS - 500);
      expect(stoppedAfter).toBeLessThan(DRAIN_TIMEOUT_MS + 4000);
      expect(processAlive(stack.server.pid!)).toBe(false);
      agent.destroy();
    } finally {
      await stack.stop();
      await simulator.close();
    }
  }, 180_000);

  it("SIGINT to npm start's process (scripts/start.mjs): server, simulator and mail catcher stop after the slow request, none is left", async () => {
    const database = await createTestDatabase(
      inject("provider"),
      `start_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`,
    );
    const [port, simulatorPort, catcherPort] = [await freePort(), await freePort(), await freePort()];
    const catcherDir = fs.mkdtempSync(path.join(os.tmpdir(), "start-outbox-"));
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...serverEnv(process.env),
      NODE_ENV: "production",
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: "127.0.0.1",
      SECRETS_FILE: path.join(os.tmpdir(), `forening-secrets-${crypto.randomBytes(4).toString("hex")}.json`),
      LEISURE_CARD_SIMULATOR_PORT: String(simulatorPort),
      LEISURE_CARD_TIMEOUT_MS: "20000",
      MAIL_CATCHER_PORT: String(catcherPort),
      MAIL_CATCHER_DIR: catcherDir,
      DEMO_SEED: "true",
      LOG_LEVEL: "warn",
      LOG_SQL: "false",
    };
    for (const name of [
      "LEISURE_CARD_API_URL",
      "SMTP_URL",
      "JWT_SECRET",
      "ENCRYPTION_KEY",
      "LINK_SIGNING_SECRET",
      "NEXTAUTH_SECRET",
    ])
      delete env[name];
    let log = "";
    const [node, args] = startCommand(env); // package.json's start script without npm
    const start = spawn(node, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    start.stdout!.on("data", (d) => (log += d));
    start.stderr!.on("data", (d) => (log += d));
    const exited = new Promise<number | null>((resolve) => start.once("exit", (code) => resolve(code)));
    try {
      await waitFor("npm start to serve", async () => (await fetch(`${baseUrl}/readyz`)).status === 200, 90_000);
      // The server and the simulator run in this one process (memory budget, docs/operating.md, Operations): no child processes.
      expect(processTree(start.pid!).map((p) => p.pid)).toEqual([start.pid]);
      expect((await fetch(`http://127.0.0.1:${simulatorPort}/health`)).status).toBe(200);

      const token = await accessToken(baseUrl, demoCredentials(log));
      // Slow enough that the mail below is sent while the drain still waits for it, on a busy machine too: with 2.5 s
      // the drain had ended and the catcher closed before the mail was sent (CI: ECONNRESET). Still inside the bound.
      await delay(`http://127.0.0.1:${simulatorPort}`, APPROVED_DEMO_ORG, DRAIN_TIMEOUT_MS - 2000);
      const agent = new http.Agent({ keepAlive: false });
      const slow = get(port, agent, `/v3/company/fk/status/${await companyId(database.url, APPROVED_DEMO_ORG)}`, token);
      // SIGINT only once the request is in the server's hands (the simulator holds its check): a fixed pause was too
      // short on a busy machine, and the drain then had nothing to wait for (CI: the catcher closed, ECONNRESET).
      await waitForSimulatorHolding(`http://127.0.0.1:${simulatorPort}`);
      start.kill("SIGINT");

      // The catcher, too, is closed only after the drain: mail sent meanwhile (by a request in flight) is still kept.
      const smtp = nodemailer.createTransport({ host: "127.0.0.1", port: catcherPort, secure: false, ignoreTLS: true });
      await smtp.sendMail({ from: "a@example.org", to: "b@example.org", subject: "during the drain", text: "x" });
      expect(fs.readdirSync(catcherDir).filter((name) => name.endsWith(".eml"))).toHaveLength(1);
      // The simulator stops only with the process, after the server: the request in flight still gets its answer.
      expect(await slow).toMatchObject({ status: 200, body: { utforarestatus: "GODKAND" } });
      expect(await exited).toBe(0);
      expect(await connectionRefused(port)).toBe(true);
      expect(await connectionRefused(simulatorPort)).toBe(true);
      expect(await connectionRefused(catcherPort)).toBe(true);
    } catch (error) {
      console.error(`npm start output:\n${log}`);
      throw error;
    } finally {
      if (processAlive(start.pid!)) process.kill(start.pid!, "SIGKILL");
      fs.rmSync(env.SECRETS_FILE!, { force: true });
      fs.rmSync(catcherDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 180_000);
});
