// lib/cache/hosted-page-cache.ts on its own: a real HTTP server whose "Next.js" is a stand-in that counts what it
// renders, and a list-info loader under the test's control (the identity the real getPublicListInfo cache gives).
// Shows what the integration test cannot see from outside: one fill for many concurrent misses, no render while the
// info object is the same, a refill once it is another, and what is never kept or never passed on.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NotFound } from "@/lib/errors";
import { createHostedPageCache } from "@/lib/cache/hosted-page-cache";

const infos = new Map<string, { name: string }>();
let renders: { url: string; fillHeader: string | undefined }[] = [];
let setCookie = false;
let server: http.Server;
let base: string;

/** Next.js as far as the cache sees it: a page with its nonce in the CSP header and on its scripts, streamed. */
function fakeNext(req: http.IncomingMessage, res: http.ServerResponse) {
  renders.push({ url: req.url!, fillHeader: req.headers["x-hosted-page-fill"] as string | undefined });
  const uuid = req.url!.split(/[/?]/)[2];
  const info = infos.get(uuid);
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  res.setHeader("content-security-policy", `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.setHeader("vary", "rsc, Accept-Encoding");
  if (setCookie) res.setHeader("set-cookie", "a=b");
  res.statusCode = info ? 200 : 404;
  res.write(`<html><script nonce="${nonce}">1</script>`);
  res.end(
    `<h1>${info?.name ?? "not found"}</h1><p>${req.headers["accept-language"]}</p><script nonce="${nonce}">2</script></html>`,
  );
}

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers: { "accept-encoding": "identity", ...headers } });
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  return { status: res.status, text: await res.text(), nonce, length: res.headers.get("content-length") };
}

beforeAll(async () => {
  server = http.createServer((req, res) => cache.handle(req, res, () => fakeNext(req, res)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  cache = createHostedPageCache({ host: "127.0.0.1", port }, async (uuid) => {
    const info = infos.get(uuid);
    if (!info) throw new NotFound("list not found");
    return info;
  });
});
let cache: ReturnType<typeof createHostedPageCache>;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  renders = [];
  setCookie = false;
});

describe("hosted-page cache", () => {
  it("fills once for many concurrent misses, then answers without rendering while the info object is the same", async () => {
    infos.set("a", { name: "Klubbnytt" });
    const first = await Promise.all(Array.from({ length: 10 }, () => get("/subscribe/a")));
    expect(renders).toHaveLength(1);
    expect(renders[0].fillHeader).toBeUndefined(); // the secret never reaches the page
    const later = await Promise.all(Array.from({ length: 5 }, () => get("/subscribe/a")));
    expect(renders).toHaveLength(1);
    const all = [...first, ...later];
    expect(new Set(all.map((r) => r.nonce)).size).toBe(15);
    for (const r of all) {
      expect(r.status).toBe(200);
      expect(r.text).toBe(
        `<html><script nonce="${r.nonce}">1</script><h1>Klubbnytt</h1><p>sv</p><script nonce="${r.nonce}">2</script></html>`,
      );
      expect(r.length).toBe(String(r.text.length));
    }
  });

  it("refills once the loader returns another object, and passes a NotFound list to Next", async () => {
    infos.set("b", { name: "Före" });
    await get("/subscribe/b");
    await get("/subscribe/b");
    expect(renders).toHaveLength(1);
    infos.set("b", { name: "Efter" });
    expect((await get("/subscribe/b")).text).toContain("Efter");
    expect(renders).toHaveLength(2);
    infos.delete("b");
    const gone = await get("/subscribe/b");
    expect(gone.status).toBe(404);
    expect(renders).toHaveLength(3);
    expect(renders[2].fillHeader).toBeUndefined();
  });

  it("keeps a template per query and language: ?lang= and Accept-Language", async () => {
    infos.set("c", { name: "Språk" });
    expect((await get("/subscribe/c", { "accept-language": "en-GB,en;q=0.8" })).text).toContain("<p>en</p>");
    expect((await get("/subscribe/c?lang=sv", { "accept-language": "en" })).text).toContain("<p>sv</p>");
    expect((await get("/subscribe/c?lang=en")).text).toContain("<p>en</p>");
    expect((await get("/subscribe/c")).text).toContain("<p>sv</p>");
    expect(renders.map((r) => r.url)).toEqual([
      "/subscribe/c",
      "/subscribe/c?lang=sv",
      "/subscribe/c?lang=en",
      "/subscribe/c",
    ]);
    await get("/subscribe/c", { "accept-language": "en" });
    await get("/subscribe/c?lang=en", { "accept-language": "sv" });
    expect(renders).toHaveLength(4);
  });

  it("passes to Next what it does not own, and a forged fill header is a visitor's request", async () => {
    infos.set("d", { name: "Övrigt" });
    await get("/subscribe/d");
    expect(renders).toHaveLength(1);
    await get("/subscribe/d", { "x-hosted-page-fill": "f".repeat(64) });
    await get("/subscribe/d", { "x-hosted-page-fill": "nope" });
    expect(renders).toHaveLength(1);
    await get("/subscribe/d?utm=1");
    await get("/subscribe/d?lang=de");
    await get("/subscribe/d", { rsc: "1" });
    await get("/subscribe/d", { "next-router-state-tree": "x" });
    await get("/subscribe/d", { purpose: "prefetch" });
    await fetch(`${base}/subscribe/d`, { method: "HEAD" });
    await fetch(`${base}/subscribe/d`, { method: "POST", body: "x" });
    expect(renders).toHaveLength(8);
    expect(renders.every((r) => r.fillHeader === undefined)).toBe(true);
  });

  it("never keeps a page that sets a cookie", async () => {
    infos.set("e", { name: "Kaka" });
    setCookie = true;
    await get("/subscribe/e");
    await get("/subscribe/e");
    // each request: a fill that is refused, then the request itself rendered by Next
    expect(renders).toHaveLength(4);
  });
});
