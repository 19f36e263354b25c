// The served OpenAPI document's server URL comes from configuration, whatever the request says about its scheme and
// host: the answer is cached publicly (Cache-Control: public), so one asker's headers must not reach others.
import { describe, expect, it, vi } from "vitest";
import { GET } from "@/app/v3/openapi.json/route";

async function served(headers: Record<string, string>, get = GET) {
  const request = new Request("http://attacker.example/v3/openapi.json", {
    headers: { "x-socket-remote-address": "203.0.113.7", ...headers },
  });
  const response = await get(request, { params: Promise.resolve({}) });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("public, max-age=300");
  return response.json();
}

describe("GET /v3/openapi.json", () => {
  it("without SITE_URL names the relative /v3, resolved against wherever the document was fetched, never the request's host", async () => {
    delete process.env.SITE_URL; // read by lib/env.ts on its first call, which comes after this
    const doc = await served({
      host: "attacker.example",
      "x-forwarded-proto": "http",
      "x-forwarded-host": "attacker.example",
    });
    expect(doc.servers).toEqual([{ url: "/v3" }]);
    expect(JSON.stringify(doc)).not.toContain("attacker.example");
  });

  it("with SITE_URL names that address, whatever the request's forwarded scheme", async () => {
    process.env.SITE_URL = "https://forening.example.org/";
    vi.resetModules(); // a fresh lib/env.ts, which reads the setting again
    const fresh = (await import("@/app/v3/openapi.json/route")).GET;
    const doc = await served({ host: "forening.example.org", "x-forwarded-proto": "http" }, fresh);
    expect(doc.servers).toEqual([{ url: "https://forening.example.org/v3" }]);
    delete process.env.SITE_URL;
  });
});
