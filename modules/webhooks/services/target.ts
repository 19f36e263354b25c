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
import { env } from "@/lib/env";
import { ValidationFailed } from "@/lib/errors";

/** IPv4 ranges that are not the public internet (RFC 6890's special-purpose registry). */
const internalV4 = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  internalV4.addSubnet(prefix, bits, "ipv4");

/**
 * IPv6 is judged by class, not by a list of spellings: only global unicast (2000::/3) may be called, and within it
 * not the blocks that carry or reach an IPv4 address or name nothing real (IETF protocol assignments, Teredo among
 * them; documentation; 6to4). Everything outside 2000::/3 is refused: the unspecified and loopback addresses, the
 * deprecated IPv4-compatible ::/96, IPv4-translated ::ffff:0:0:0/96, NAT64's 64:ff9b::/96 and 64:ff9b:1::/48,
 * discard-only 100::/64, unique-local fc00::/7, deprecated site-local fec0::/10, link-local and multicast. An
 * IPv4-mapped address (::ffff:0:0/96) is the IPv4 address it carries and is judged as one.
 */
const globalV6 = new net.BlockList();
globalV6.addSubnet("2000::", 3, "ipv6");
const specialGlobalV6 = new net.BlockList();
for (const [prefix, bits] of [
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["3fff::", 20],
] as const)
  specialGlobalV6.addSubnet(prefix, bits, "ipv6");

/** The eight 16-bit groups of an IPv6 address in any spelling (`::`, a dotted IPv4 tail); null when it is none. */
function ipv6Groups(address: string): number[] | null {
  if (net.isIP(address) !== 6 || address.includes("%")) return null;
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const [before, after] = [part(head), part(tail)];
  return tail === undefined
    ? before
    : [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** Whether an IP address is one the service must not call; anything that is not an IP address is refused too. */
export function isInternalAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return internalV4.check(address, "ipv4");
  const groups = ipv6Groups(address);
  if (!groups) return true;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi, lo] = [groups[6], groups[7]];
    return internalV4.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, "ipv4");
  }
  return !globalV6.check(address, "ipv6") || specialGlobalV6.check(address, "ipv6");
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
  const local =
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host.endsWith(".local") ||
    host.endsWith(".internal") ||
    (!host.includes(".") && !net.isIP(host));
  if (local || (net.isIP(host) && isInternalAddress(host)))
    throw new ValidationFailed({ url: ["must not be a private, loopback or local address"] });
}

/** dns.lookup that refuses internal addresses (unless allowed): the address the socket connects to is the one checked. */
const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as dns.LookupAddress[];
    const allowed = env().WEBHOOK_ALLOW_PRIVATE_TARGETS ? list : list.filter((a) => !isInternalAddress(a.address));
    if (!allowed.length)
      return callback(
        Object.assign(new Error(`${hostname} resolves to a private or loopback address`), { code: "EBLOCKED" }),
        "",
        0,
      );
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
const keptConnections = {
  keepAlive: true,
  maxSockets: 8,
  maxFreeSockets: 8,
  maxTotalSockets: 256,
  timeout: 4000,
  scheduling: "lifo",
} as const;
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
    if (
      !url ||
      !schemeAllowed(url) ||
      (net.isIP(host) && !env().WEBHOOK_ALLOW_PRIVATE_TARGETS && isInternalAddress(host))
    ) {
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
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "forening-webhooks/1",
        },
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
        if (!retried && !settled && request.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE"))
          return send(true);
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
