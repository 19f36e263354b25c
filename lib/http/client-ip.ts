// The client IP for rate limits. server.ts writes the socket address into SOCKET_IP_HEADER (overwriting anything a
// client sent); X-Forwarded-For is believed only for the number of proxy hops TRUST_PROXY_HOPS says we run behind.
export const SOCKET_IP_HEADER = "x-socket-remote-address";

export function clientIp(headers: Headers, trustProxyHops: number): string {
  const socketIp = headers.get(SOCKET_IP_HEADER) || "unknown";
  if (trustProxyHops <= 0) return socketIp;
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  // Each trusted proxy appends the address it saw; the client is the entry just left of the trusted hops.
  const chain = [...forwarded, socketIp];
  return chain[Math.max(0, chain.length - 1 - trustProxyHops)] ?? socketIp;
}
