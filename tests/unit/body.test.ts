// Reading a request body (lib/http/body.ts) when the client goes away mid-body.
import { describe, expect, it } from "vitest";
import { ClientAborted, errorOutcome } from "@/lib/errors";
import { readRequestBody } from "@/lib/http/body";

/** A POST whose body stream fails after the first bytes, as Node's request stream does when the client disconnects. */
function abortedRequest(headers: Record<string, string> = {}): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"email":'));
      controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
    },
  });
  return new Request("http://localhost/v3/x", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
    duplex: "half",
  } as RequestInit);
}

describe("a body the client aborted", () => {
  it("is the client's doing (400), not a database outage (503, logged as one)", async () => {
    const error = await readRequestBody(abortedRequest(), { limit: 1024, acceptsForm: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientAborted);
    expect(errorOutcome(error)?.status).toBe(400);
  });

  it("is the client's doing too when its size was declared (the body is then read whole)", async () => {
    const error = await readRequestBody(abortedRequest({ "content-length": "100" }), {
      limit: 1024,
      acceptsForm: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientAborted);
  });
});
