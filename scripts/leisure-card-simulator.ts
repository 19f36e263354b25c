// Leisure-card (Fritidskortet) simulator: a real HTTP server standing in for the external service, used by the tests
// and the local demo. `npm run simulator -- [--port 4010] [--host 127.0.0.1] [--approved approved.json]`.
//
// Contract (the client is modules/companies/services/leisure-card-client.ts):
//   POST /v1/utforare/status   Authorization: Bearer <api key>
//        {"org_number": "...", "giro_type": "BANKGIRO"|"PLUSGIRO", "giro_number": "..."}
//     200 {"status": "GODKAND"}     the org_number is on the approved list with this giro type and number
//     200 {"status": "EJ_GODKAND"}  otherwise
//     401 {"error": ...}            no bearer token, or the approved entry names another api_key
//     400 {"error": ...}            body is not JSON or lacks a field
//   GET  /health                 200 {"ok": true}
//
// Approved list: JSON array of {"org_number", "giro_type", "giro_number", "api_key"?} (--approved FILE); default: the
// demo seed's approved company (modules/companies/services/leisure-card-demo-providers.ts). Giro numbers compare by digits only.
//
// Fault injection, per org_number, for tests and demos (loopback tool: no authentication):
//   POST   /__control/behaviour  {"org_number", "delay_ms"?, "status"?, "malformed"?: "text"|"json", "close"?: true}
//          delay_ms: wait before answering; status: answer that HTTP status with {"error":"simulated failure"};
//          malformed "text": 200 with a non-JSON body, "json": 200 {"status":"MAYBE"}; close: drop the connection.
//   POST   /__control/approved   {"org_number", "giro_type", "giro_number", "api_key"?}  adds (replaces) an entry
//   DELETE /__control            forget behaviours and extra entries (back to the start list)
//   GET    /__control            the current approved list (without api keys), behaviours, and `waiting`: how many
//                                status requests are being held by a delay_ms right now
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { DEMO_LEISURE_CARD_PROVIDERS } from "../modules/companies/services/leisure-card-demo-providers";

export interface ApprovedProvider {
  org_number: string;
  giro_type: string;
  giro_number: string;
  api_key?: string;
}

export interface Behaviour {
  delay_ms?: number;
  status?: number;
  malformed?: "text" | "json";
  close?: boolean;
}

export interface LeisureCardSimulator {
  url: string;
  port: number;
  close(): Promise<void>;
}

export const DEFAULT_APPROVED: ApprovedProvider[] = DEMO_LEISURE_CARD_PROVIDERS.filter((p) => p.approved).map((p) => ({
  org_number: p.orgNumber,
  giro_type: p.giroType,
  giro_number: p.giroNumber,
  api_key: p.apiKey,
}));

const digits = (value: string) => value.replace(/\D/g, "");

function send(res: http.ServerResponse, status: number, body: unknown) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

/** The request's JSON body (an empty body reads as `{}`), or undefined when it is not JSON. */
async function readBody(req: http.IncomingMessage): Promise<{ body: Record<string, unknown> } | undefined> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return { body: text ? JSON.parse(text) : {} };
  } catch {
    return undefined;
  }
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

export async function startLeisureCardSimulator(
  options: { port?: number; host?: string; approved?: ApprovedProvider[] } = {},
): Promise<LeisureCardSimulator> {
  const initial = options.approved ?? DEFAULT_APPROVED;
  let approved = new Map(initial.map((p) => [p.org_number, p]));
  let behaviours = new Map<string, Behaviour>();
  /** Status requests inside their delay_ms: a test knows a request is in flight in the service once it is here. */
  let waiting = 0;

  async function status(req: http.IncomingMessage, res: http.ServerResponse) {
    const auth = req.headers.authorization ?? "";
    const apiKey = auth.startsWith("Bearer ") ? auth.slice(7).trim() : "";
    const read = await readBody(req);
    if (!read) return send(res, 400, { error: "body is not JSON" });
    const { body } = read;
    const orgNumber = str(body?.org_number);
    const behaviour = behaviours.get(orgNumber) ?? {};
    if (behaviour.delay_ms) {
      waiting += 1;
      await new Promise((r) => setTimeout(r, behaviour.delay_ms)).finally(() => (waiting -= 1));
    }
    if (behaviour.close) return void res.socket?.destroy();
    if (behaviour.status) return send(res, behaviour.status, { error: "simulated failure" });
    if (behaviour.malformed === "text") return send(res, 200, "<html>Service Unavailable</html>");
    if (behaviour.malformed === "json") return send(res, 200, { status: "MAYBE" });
    if (!apiKey) return send(res, 401, { error: "missing api key" });
    if (!orgNumber || !str(body.giro_type) || !str(body.giro_number)) {
      return send(res, 400, { error: "org_number, giro_type and giro_number are required" });
    }
    const entry = approved.get(orgNumber);
    if (entry?.api_key && entry.api_key !== apiKey) return send(res, 401, { error: "api key does not match" });
    const ok =
      entry !== undefined &&
      entry.giro_type.toUpperCase() === str(body.giro_type).toUpperCase() &&
      digits(entry.giro_number) === digits(str(body.giro_number));
    send(res, 200, { status: ok ? "GODKAND" : "EJ_GODKAND" });
  }

  async function control(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    if (req.method === "GET" && path === "/__control") {
      return send(res, 200, {
        approved: [...approved.values()].map((p) => ({
          org_number: p.org_number,
          giro_type: p.giro_type,
          giro_number: p.giro_number,
        })),
        behaviours: Object.fromEntries(behaviours),
        waiting,
      });
    }
    if (req.method === "DELETE" && path === "/__control") {
      approved = new Map(initial.map((p) => [p.org_number, p]));
      behaviours = new Map();
      return send(res, 200, { ok: true });
    }
    const read = await readBody(req);
    if (!read) return send(res, 400, { error: "body is not JSON" });
    const { body } = read;
    const orgNumber = str(body?.org_number);
    if (!orgNumber) return send(res, 400, { error: "org_number is required" });
    if (req.method === "POST" && path === "/__control/behaviour") {
      const behaviour: Behaviour = {
        delay_ms: typeof body.delay_ms === "number" ? body.delay_ms : undefined,
        status: typeof body.status === "number" ? body.status : undefined,
        malformed: body.malformed === "text" || body.malformed === "json" ? body.malformed : undefined,
        close: body.close === true,
      };
      behaviours.set(orgNumber, behaviour);
      return send(res, 200, { ok: true });
    }
    if (req.method === "POST" && path === "/__control/approved") {
      approved.set(orgNumber, {
        org_number: orgNumber,
        giro_type: str(body.giro_type),
        giro_number: str(body.giro_number),
        api_key: str(body.api_key) || undefined,
      });
      return send(res, 200, { ok: true });
    }
    send(res, 404, { error: "not found" });
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const handle =
      req.method === "POST" && path === "/v1/utforare/status"
        ? status(req, res)
        : path.startsWith("/__control")
          ? control(req, res, path)
          : Promise.resolve(path === "/health" ? send(res, 200, { ok: true }) : send(res, 404, { error: "not found" }));
    handle.catch(() => send(res, 500, { error: "simulator error" }));
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4010, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "4010" },
      host: { type: "string", default: "127.0.0.1" },
      approved: { type: "string" },
    },
  });
  const approved = values.approved
    ? (JSON.parse(fs.readFileSync(values.approved, "utf8")) as ApprovedProvider[])
    : undefined;
  const simulator = await startLeisureCardSimulator({ port: Number(values.port), host: values.host, approved });
  console.log(
    `leisure-card simulator listening on ${simulator.url} (${(approved ?? DEFAULT_APPROVED).length} approved providers)`,
  );
  const stop = () => void simulator.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

// Runs as a program under `npm run simulator`; stays a plain module when imported (tests, start script).
if (/leisure-card-simulator\.[cm]?[jt]s$/.test(process.argv[1] ?? "")) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
