// Where webhooks may go, and the one POST that takes them there. https only unless WEBHOOK_ALLOW_HTTP; no private,
// loopback, link-local or otherwise internal address unless WEBHOOK_ALLOW_PRIVATE_TARGETS (SSRF: an endpoint URL is
// input from an API key, and the service's network can reach what the internet cannot). The address is checked
// where the connection is made (the socket's DNS lookup), so a name that resolves to a public address when the
// endpoint is saved and to 127.0.0.1 later (DNS rebinding) is still refused. Redirects are not followed: a 3xx is an
// answer like any other non-2xx. Each request has one deadline, connect to last byte. Connections are kept open
// between deliveries (a TCP and, for https, a TLS handshake per event cost more than the event); a kept connection
// was checked when it was made.
import "server-only";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { env } from "../env";
import { ValidationFailed } from "../errors";

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) blocked.addSubnet(prefix, bits, "ipv4");
for (const [prefix, bits] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["64:ff9b::", 96]] as const) {
  blocked.addSubnet(prefix, bits, "ipv6");
}

/** Whether an IP address is one the service must not call (IPv4-mapped IPv6 addresses are judged as IPv4). */
function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], "ipv4");
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** The host without IPv6 brackets or a final dot ("localhost." is localhost). */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");

const schemeAllowed = (url: URL) => url.protocol === "https:" || (url.protocol === "http:" && env().WEBHOOK_ALLOW_HTTP);

/** 400 on `url` unless the target is allowed (the scheme, and a literal internal address or a local name). */
export function assertAllowedTarget(text: string): void {
  const url = new URL(text);
  if (!schemeAllowed(url)) throw new ValidationFailed({ url: ["must be an https URL"] });
  if (url.username || url.password) throw new ValidationFailed({ url: ["must not carry credentials"] });
  if (env().WEBHOOK_ALLOW_PRIVATE_TARGETS) return;
  const host = hostOf(url).toLowerCase();
  const local = host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal") || (!host.includes(".") && !net.isIP(host));
  if (local || (net.isIP(host) && isInternalAddress(host))) throw new ValidationFailed({ url: ["must not be a private, loopback or local address"] });
}

/** dns.lookup that refuses internal addresses (unless allowed): the address the socket connects to is the one checked. */
const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as dns.LookupAddress[];
    const allowed = env().WEBHOOK_ALLOW_PRIVATE_TARGETS ? list : list.filter((a) => !isInternalAddress(a.address));
    if (!allowed.length) return callback(Object.assign(new Error(`${hostname} resolves to a private or loopback address`), { code: "EBLOCKED" }), "", 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0].address, allowed[0].family);
  });
};

export interface PostOutcome {
  /** The receiver's status; null when no answer came. */
  statusCode: number | null;
  /** Null for a 2xx; otherwise what went wrong, short and free of secrets. */
  error: string | null;
  durationMs: number;
}

const MAX_ANSWER_BYTES = 64 * 1024;

/** POSTs a JSON body with the given headers; never throws. The answer's body is read (up to a bound) and dropped. */
/**
 * Kept connections per scheme, at most as many per receiver as a worker sends at once, closed after 4 s unused (before
 * the 5 s after which Node's own servers close theirs; a shorter Keep-Alive hint from the receiver is followed).
 */
const keptConnections = { keepAlive: true, maxSockets: 8, maxFreeSockets: 8, maxTotalSockets: 256, timeout: 4000, scheduling: "lifo" } as const;
const agents = { "http:": new http.Agent(keptConnections), "https:": new https.Agent(keptConnections) };

/** POSTs a JSON body with the given headers; never throws. The answer's body is read (up to a bound) and dropped. */
export function postWebhook(target: string, headers: Record<string, string>, body: string): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ statusCode, error, durationMs: elapsed() });
    };
    // The saving check again for the scheme and a literal address; a name is judged by what it resolves to now.
    const url = URL.canParse(target) ? new URL(target) : null;
    const host = url ? hostOf(url) : "";
    if (!url || !schemeAllowed(url) || (net.isIP(host) && !env().WEBHOOK_ALLOW_PRIVATE_TARGETS && isInternalAddress(host))) {
      resolve({ statusCode: null, error: "target not allowed", durationMs: 0 });
      return;
    }
    let request: http.ClientRequest;
    const send = (retried: boolean) => {
      const client = url.protocol === "https:" ? https : http;
      request = client.request(url, {
        method: "POST",
        lookup: guardedLookup,
        agent: agents[url.protocol as keyof typeof agents],
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body), "user-agent": "forening-webhooks/1" },
      });
      request.on("response", (response) => {
        let read = 0;
        const code = response.statusCode ?? 0;
        const done = () => finish(code, code >= 200 && code < 300 ? null : `answered ${code}`);
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) {
            response.destroy();
            done();
          }
        });
        response.on("end", done);
        response.on("error", done);
        response.on("close", done);
      });
      request.on("error", (error: NodeJS.ErrnoException) => {
        // A kept connection the receiver closed just as it was reused: the request never reached it (Node's advice).
        if (!retried && !settled && request.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE")) return send(true);
        finish(null, (error.code === "EBLOCKED" ? "target not allowed: " : "") + error.message.slice(0, 300));
      });
      request.end(body);
    };
    const deadline = setTimeout(() => {
      request.destroy(new Error(`timed out after ${env().WEBHOOK_TIMEOUT_MS} ms`));
    }, env().WEBHOOK_TIMEOUT_MS);
    send(false);
  });
}
