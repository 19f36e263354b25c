// GET /healthz and /readyz for load balancers: JSON, never cached, no page treatment (CSP), never rate-limited.
// Their failure cases (database gone, migration pending) are in database-outage.test.ts, on a server of its own.
import { describe, expect, it } from "vitest";
import { call } from "../helpers";

describe("health endpoints", () => {
  // /readyz also asks the database, which here answers and is migrated.
  it.each(["/healthz", "/readyz"])("%s: 200 {status: ok}", async (path) => {
    const res = await call(path);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-security-policy")).toBeNull();
  });

  it("are not rate-limited: a balancer probing from one address is never refused", async () => {
    const ip = "10.250.0.1";
    const statuses = new Set<number>();
    // More than any per-IP budget of the service (public GETs: 120 a minute).
    for (let i = 0; i < 150; i += 1) statuses.add((await call(i % 2 ? "/healthz" : "/readyz", { ip })).status);
    expect([...statuses]).toEqual([200]);
  });

  it("a page path that only starts like a probe still gets the page treatment", async () => {
    const res = await call("/healthzz");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
  });
});
