// Load generation for `npm run bench`: autocannon against one URL with every response's status checked (a 429 or a
// 404 is never throughput), and a back-to-back loop for in-process baselines.
import autocannon, { type Options, type Result } from "autocannon";

export interface BenchRow {
  scenario: string;
  /** The short name targets and ratios refer to (C1, C2, S1 ...), if any. */
  key?: string;
  concurrency: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Responses with another status than expected, or errors and timeouts; a row with any is marked, never a result. */
  unexpected: number;
  statuses: string;
  /**
   * C2's req/s at the same connection count just before and just after this row (targeted rows only): this
   * machine's speed drifts by a third within minutes, so a ratio to the C2 of the run's first minute says more
   * about the minute than about the route.
   */
  around?: { before: number; after: number };
}

export interface LoadSpec {
  scenario: string;
  key?: string;
  url: string;
  expectedStatus: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** A JSON body; with `[<id>]` in it, autocannon puts a fresh id there for every request (new emails). */
  body?: string;
}

export interface Timed {
  p50: number;
  p99: number;
  perSecond: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs fn back to back for `seconds` (after a short warm-up); latencies in ms. */
export async function timeLoop(seconds: number, fn: () => Promise<unknown> | unknown): Promise<Timed> {
  for (let i = 0; i < 3; i++) await fn();
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    await fn();
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), perSecond: latencies.length / seconds };
}

function options(spec: LoadSpec, connections: number, duration: number): Options {
  const headers = { ...spec.headers, ...(spec.body !== undefined ? { "content-type": "application/json" } : {}) };
  return {
    url: spec.url,
    method: spec.method ?? "GET",
    headers,
    body: spec.body,
    idReplacement: spec.body?.includes("[<id>]") ?? false,
    connections,
    duration,
    timeout: 60,
  };
}

/** The statuses seen and how many did not match, from autocannon's per-status counts. */
function tally(result: Result, expected: number): { unexpected: number; statuses: string } {
  const stats = result.statusCodeStats ?? {};
  let unexpected = result.errors + result.timeouts;
  for (const [status, { count }] of Object.entries(stats)) if (Number(status) !== expected) unexpected += count;
  const statuses = Object.entries(stats).map(([status, { count }]) => `${status}: ${count}`);
  if (result.errors) statuses.push(`errors: ${result.errors}`);
  if (result.timeouts) statuses.push(`timeouts: ${result.timeouts}`);
  // Nothing answered within the run (e.g. the 2.4 MB register at 16 connections in a short run): no result either.
  if (Object.keys(stats).length === 0)
    return { unexpected: Math.max(1, unexpected), statuses: [...statuses, "no response completed"].join(", ") };
  return { unexpected, statuses: statuses.join(", ") };
}

/**
 * Seconds of load before each measured run. On PostgreSQL the first 12 s of subscribes at 16 connections cost the
 * server 0.7 ms of CPU per request more than the next 12 s (3.9 against 3.1 ms, four runs of
 * scripts/profile-subscribe-server.ts), with nothing changed between them: 2 s did not reach the rate a running
 * server keeps.
 */
const WARM_UP_SECONDS = 5;

/** The warm-up load() runs before a measured run of `duration` seconds (never longer than the run). */
export function warmUpSeconds(duration: number): number {
  return Math.min(WARM_UP_SECONDS, duration);
}

/** Load that is not measured: a freshly started server's code paths compiled before anything is timed. */
export async function warmUp(spec: LoadSpec, connections: number, seconds: number): Promise<void> {
  await autocannon(options(spec, connections, seconds));
  await drained(spec.url);
}

/** A warm-up, then the measured run; the row says how many responses were not the expected status. */
export async function load(spec: LoadSpec, connections: number, duration: number): Promise<BenchRow> {
  await autocannon(options(spec, connections, warmUpSeconds(duration)));
  await drained(spec.url);
  const result = await autocannon(options(spec, connections, duration));
  await drained(spec.url);
  const { unexpected, statuses } = tally(result, spec.expectedStatus);
  const row: BenchRow = {
    scenario: spec.scenario,
    key: spec.key,
    concurrency: connections,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    unexpected,
    statuses,
  };
  const flag = unexpected ? `  !! ${unexpected} unexpected (${statuses}; expected ${spec.expectedStatus})` : "";
  console.log(
    `  ${spec.key ?? spec.scenario} @${connections}: ${row.requestsPerSecond.toFixed(1)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms${flag}`,
  );
  return row;
}

/**
 * Waits until the server has worked off what a run left queued: autocannon stops sending when its time is up, but
 * requests of a slow scenario (a member page at 16 connections) go on running in the server and would be timed
 * against the next scenario. Done when /healthz answers within 50 ms (at most 120 s).
 */
async function drained(url: string): Promise<void> {
  const health = new URL("/healthz", url).toString();
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(health)
      .then((r) => r.text())
      .catch(() => undefined);
    if (performance.now() - started < 50) return;
  }
}

/** One request of the scenario, checked before anything is timed: a wrong fixture fails the run, loudly. */
export async function probe(spec: LoadSpec): Promise<string> {
  const body = spec.body?.replaceAll("[<id>]", `probe${Date.now()}`);
  const res = await fetch(spec.url, {
    method: spec.method ?? "GET",
    headers: { ...spec.headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body,
  });
  const text = await res.text();
  if (res.status !== spec.expectedStatus) {
    throw new Error(
      `${spec.key ?? spec.scenario}: ${spec.method ?? "GET"} ${spec.url} answered ${res.status}, expected ${spec.expectedStatus}: ${text.slice(0, 300)}`,
    );
  }
  return text;
}

type ClientCredentials = { client_id: string; client_secret: string };

/** The Basic header of an API key's client credentials. */
export const basic = (key: ClientCredentials) => ({
  authorization: `Basic ${Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64")}`,
});

/** The Bearer header of a fresh access token of the API key, from the server at `base`. */
export async function bearer(base: string, key: ClientCredentials): Promise<Record<string, string>> {
  const answer = JSON.parse(
    await probe({
      scenario: "token",
      url: `${base}/v3/access/user/basic`,
      method: "POST",
      headers: basic(key),
      expectedStatus: 200,
    }),
  );
  return { authorization: `Bearer ${answer.access_token}` };
}
