import { describe, expect, it } from "vitest";
import { clientIp, SOCKET_IP_HEADER } from "@/lib/http/client-ip";

const headers = (init: Record<string, string>) => new Headers(init);

describe("clientIp", () => {
  it("uses the socket address and ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(clientIp(headers({ [SOCKET_IP_HEADER]: "203.0.113.9", "x-forwarded-for": "1.2.3.4" }), 0)).toBe(
      "203.0.113.9",
    );
  });

  it("takes the address the trusted proxy saw, not what the client wrote in front of it", () => {
    // client forged "1.2.3.4"; our proxy appended the real client 198.51.100.7 and connected from 10.0.0.2
    const h = headers({ [SOCKET_IP_HEADER]: "10.0.0.2", "x-forwarded-for": "1.2.3.4, 198.51.100.7" });
    expect(clientIp(h, 1)).toBe("198.51.100.7");
    expect(
      clientIp(headers({ [SOCKET_IP_HEADER]: "10.0.0.3", "x-forwarded-for": "1.2.3.4, 198.51.100.7, 10.0.0.2" }), 2),
    ).toBe("198.51.100.7");
  });

  it("falls back to the leftmost address when the chain is shorter than the trusted hops", () => {
    expect(clientIp(headers({ [SOCKET_IP_HEADER]: "10.0.0.2" }), 3)).toBe("10.0.0.2");
  });
});
