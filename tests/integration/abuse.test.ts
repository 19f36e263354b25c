// What one client may take of the server (security finding 3) and an aborted request's trace in the log (finding 5),
// on a server of their own with short timeouts and a small per-client cap, so each bound shows in seconds. Raw
// sockets, because fetch() neither declares a size it does not send nor holds a body half-sent. Loopback only.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTestStack, type TestStack } from "@/scripts/lib/test-stack";
import { manifestActions } from "../server-actions";

const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 2000;
const CAP = 4;

let stack: TestStack;
let port: number;

beforeAll(async () => {
  stack = await startTestStack({
    provider: inject("provider"),
    env: {
      LOG_LEVEL: "info",
      REQUEST_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      MAX_CONCURRENT_REQUESTS_PER_CLIENT: String(CAP),
    },
  });
  port = Number(new URL(stack.baseUrl).port);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

interface OpenRequest {
  socket: net.Socket;
  /** Everything the server sent, once it has closed the connection (or the wait ran out: `closed` false). */
  ended(timeoutMs: number): Promise<{ text: string; closed: boolean; afterMs: number }>;
  /** The status line's code once the answer's head has arrived. */
  status(timeoutMs: number): Promise<number | null>;
}

/** A request whose head (and `body`, if any) is written at once as given; the rest is up to the test. */
function open(head: string, body = ""): Promise<OpenRequest> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let closed = false;
    const start = Date.now();
    socket.on("data", (d) => (text += d.toString("latin1")));
    socket.on("error", () => {}); // a reset is a close here
    socket.on("close", () => (closed = true));
    const poll = <T>(done: () => T | null, timeoutMs: number): Promise<T | null> =>
      new Promise((settle) => {
        const timer = setInterval(() => {
          const value = done();
          if (value !== null || Date.now() - start > timeoutMs) {
            clearInterval(timer);
            settle(value);
          }
        }, 20);
      });
    socket.once("connect", () => {
      socket.write(head + body);
      resolve({
        socket,
        async ended(timeoutMs) {
          await poll(() => (closed ? true : null), timeoutMs);
          return { text, closed, afterMs: Date.now() - start };
        },
        status: (timeoutMs) =>
          poll(
            () => (/^HTTP\/1\.1 (\d{3})/.exec(text) ? Number(/^HTTP\/1\.1 (\d{3})/.exec(text)![1]) : null),
            timeoutMs,
          ),
      });
    });
    socket.once("error", reject);
  });
}

const head = (method: string, path: string, headers: Record<string, string | number>) =>
  [
    `${method} ${path} HTTP/1.1`,
    "host: 127.0.0.1",
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    "",
    "",
  ].join("\r\n");

const languageAction = () =>
  manifestActions().find((a) => a.key.endsWith("language-action.ts#chooseLanguageAction"))!.id;

describe("bodies are limited before they are read, on every path", () => {
  it("a declared size over the path's limit is 413 at once, its body never sent", async () => {
    const cases: [path: string, headers: Record<string, string | number>, limit: number][] = [
      [
        "/admin",
        { "next-action": languageAction(), "content-type": "text/plain;charset=UTF-8", "content-length": 2_000_000 },
        1024 * 1024,
      ],
      [
        "/api/auth/callback/credentials",
        { "content-type": "application/x-www-form-urlencoded", "content-length": 200_000 },
        64 * 1024,
      ],
    ];
    for (const [path, headers, limit] of cases) {
      const request = await open(head("POST", path, { ...headers, "x-forwarded-for": "10.201.0.1" }));
      const { text, closed, afterMs } = await request.ended(1500);
      expect(text, path).toMatch(/^HTTP\/1\.1 413/);
      expect(text, path).toContain(`request body too large (limit ${limit} bytes)`);
      expect(closed && afterMs < 1500, path).toBe(true);
    }
  });

  it("a chunked body is counted as it streams and the connection closed past the limit", async () => {
    const request = await open(
      head("POST", "/admin", {
        "next-action": languageAction(),
        "content-type": "text/plain;charset=UTF-8",
        "transfer-encoding": "chunked",
        "x-forwarded-for": "10.201.0.2",
      }),
    );
    const chunk = "x".repeat(64 * 1024);
    for (let i = 0; i < 20 && !request.socket.destroyed; i++) {
      request.socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      await new Promise((r) => setTimeout(r, 10));
    }
    request.socket.end();
    const { text, closed } = await request.ended(5000);
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    expect(closed).toBe(true);
  });

  // Most clients send the whole body before they read. The server used to close the socket as soon as the 413 was
  // written; the client's next bytes met a reset and its kernel dropped the answer unread (EPIPE, no reason). A client
  // that reads nothing until it has sent everything is the deterministic form of that race.
  it.each([
    ["declared too large (the edge)", { "content-length": 1_200_000 }, (chunk: string) => chunk],
    [
      "chunked, counted as it streams",
      { "transfer-encoding": "chunked" },
      (chunk: string) => `${chunk.length.toString(16)}\r\n${chunk}\r\n`,
    ],
  ])("a client that sends all of its body before it reads still gets the 413: %s", async (_, framing, frame) => {
    const request = await open(
      head("POST", "/admin", {
        "next-action": languageAction(),
        "content-type": "text/plain;charset=UTF-8",
        ...framing,
        "x-forwarded-for": "10.201.0.8",
      }),
    );
    request.socket.pause();
    const chunk = "x".repeat(60_000);
    for (let i = 0; i < 20; i++) {
      request.socket.write(frame(chunk));
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, 300));
    request.socket.resume();
    request.socket.end();
    const { text, closed } = await request.ended(5000);
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    expect(text).toContain("request body too large (limit 1048576 bytes)");
    expect(closed).toBe(true);
  });
});

describe("a slow client holds a socket for a bounded time", () => {
  it(`a body still incomplete after ${REQUEST_TIMEOUT_MS} ms is refused and its connection closed`, async () => {
    const request = await open(
      head("POST", "/api/auth/callback/credentials", {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": 100,
        "x-forwarded-for": "10.201.0.3",
      }),
      "a=1",
    );
    const { text, closed, afterMs } = await request.ended(REQUEST_TIMEOUT_MS + 4000);
    expect(closed).toBe(true);
    expect(afterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(text).toMatch(/^HTTP\/1\.1 408|^$/);
  });

  it(`headers still incomplete after ${HEADERS_TIMEOUT_MS} ms: the connection is closed`, async () => {
    const request = await open("GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n"); // no blank line: the head never ends
    const { closed } = await request.ended(HEADERS_TIMEOUT_MS + 3000);
    expect(closed).toBe(true);
  });
});

describe("concurrent requests per client", () => {
  it(`past ${CAP} in flight from one address the excess is 503 with Retry-After, while another client is served`, async () => {
    const held: OpenRequest[] = [];
    try {
      for (let i = 0; i < CAP; i++) {
        held.push(
          await open(
            head("POST", "/api/auth/callback/credentials", {
              "content-type": "application/x-www-form-urlencoded",
              "content-length": 100,
              "x-forwarded-for": "10.201.0.4",
            }),
            "a=1",
          ),
        );
      }
      await new Promise((r) => setTimeout(r, 200));
      const excess = await open(
        head("POST", "/api/auth/callback/credentials", {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": 100,
          "x-forwarded-for": "10.201.0.4",
        }),
        "a=1",
      );
      const { text, closed } = await excess.ended(1000);
      expect(text).toMatch(/^HTTP\/1\.1 503/);
      expect(text.toLowerCase()).toContain("retry-after: 1");
      expect(closed).toBe(true);
      const other = await fetch(`${stack.baseUrl}/healthz`, { headers: { "x-forwarded-for": "10.201.0.5" } });
      expect(other.status).toBe(200);
    } finally {
      for (const request of held) request.socket.destroy();
    }
  });
});

describe("hostile server-action bodies and aborted requests", () => {
  it("a body nested 100,000 levels deep is 400 before Next.js decodes it", async () => {
    const body = "[".repeat(100_000) + "]".repeat(100_000);
    const res = await fetch(`${stack.baseUrl}/admin`, {
      method: "POST",
      headers: {
        "next-action": languageAction(),
        "content-type": "text/plain;charset=UTF-8",
        "x-forwarded-for": "10.201.0.6",
      },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ reason: "request body nested too deeply (limit 256 levels)" });
  });

  it("a client that goes away mid-body is one short line in the log, no stack", async () => {
    const before = stack.log().length;
    const request = await open(
      head("POST", "/admin", {
        "next-action": languageAction(),
        "content-type": "text/plain;charset=UTF-8",
        "content-length": 1000,
        "x-forwarded-for": "10.201.0.7",
      }),
      '["',
    );
    await new Promise((r) => setTimeout(r, 300));
    request.socket.destroy();
    await new Promise((r) => setTimeout(r, 700));
    const log = stack.log().slice(before);
    expect(log).toContain("request aborted by the client");
    expect(log).not.toContain("ECONNRESET");
    expect(log).not.toMatch(/^\s+at /m);
  });
});
