// The hosted subscribe page served from rendered templates (lib/cache/hosted-page-cache.ts): a fresh CSP nonce per
// response, the language resolved as the page resolves it, a list change visible on the next GET, and everything the
// cache does not own handed to Next.js. A template answer has a Content-Length (Next.js streams its renders chunked):
// that is how these tests tell the two apart.
import http from "node:http";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { baseUrl, call } from "../helpers";
import { makeList } from "../subscription-fixtures";

const nonceOf = (csp: string | null) => /script-src 'self' 'nonce-([^']+)' 'strict-dynamic'/.exec(csp ?? "")?.[1];
const mainLang = (html: string) => /<main lang="(sv|en)"/.exec(html)?.[1];

/** A GET with exactly these headers (fetch would add Accept-Encoding and decompress). */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl()}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("hosted subscribe page from templates", () => {
  it("gives every response its own nonce, in its CSP header and on every script; the page headers as Next sends them", async () => {
    const f = await makeList({ questions: 1, termHtml: "<p>Villkor</p>" });
    const path = `/subscribe/${f.uuid}`;
    const first = await call(path);
    const second = await call(path);
    const third = await call(path);
    for (const res of [first, second, third]) {
      expect(res.status).toBe(200);
      expect(res.text).toContain("Nyhetsbrev");
      const nonce = nonceOf(res.headers.get("content-security-policy"))!;
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{48}$/);
      expect(res.headers.get("content-security-policy")).toBe(
        `default-src 'self'; script-src 'self' 'nonce-${nonce}' 'strict-dynamic'; style-src 'self' 'nonce-${nonce}'; img-src 'self' https: data:; ` +
          "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
      );
      const scriptNonces = [...res.text.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]);
      expect(scriptNonces.length).toBeGreaterThan(3);
      expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("same-origin");
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("private, no-cache, no-store, max-age=0, must-revalidate");
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
    }
    const nonces = [first, second, third].map((res) => nonceOf(res.headers.get("content-security-policy"))!);
    expect(new Set(nonces).size).toBe(3);
    expect(second.text).not.toContain(nonces[0]);
    expect(third.text).not.toContain(nonces[1]);
    // Apart from the nonce the pages are the same bytes.
    expect(second.text.replaceAll(nonces[1], "N")).toBe(third.text.replaceAll(nonces[2], "N"));
    expect(third.headers.get("content-length")).not.toBeNull(); // of the gzip fetch asked for (checked in the next test)
  });

  it("gzips for clients that take it: the same page, a fresh nonce, a fraction of the bytes", async () => {
    const f = await makeList();
    const path = `/subscribe/${f.uuid}`;
    const plain = await rawGet(path, { "accept-encoding": "identity" });
    const zipped = await rawGet(path, { "accept-encoding": "gzip, deflate, br" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
    const inflated = zlib.gunzipSync(zipped.body).toString("utf8");
    const [a, b] = [plain, zipped].map((res) => nonceOf(String(res.headers["content-security-policy"]))!);
    expect(a).not.toBe(b);
    expect(inflated.replaceAll(b, "N")).toBe(plain.body.toString("utf8").replaceAll(a, "N"));
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
    const refused = await rawGet(path, { "accept-encoding": "gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("resolves the language as the page does: ?lang= first, then Accept-Language, else Swedish", async () => {
    const f = await makeList();
    const path = `/subscribe/${f.uuid}`;
    const cases: [string, string | undefined, string][] = [
      ["", undefined, "sv"],
      ["", "en-GB,en;q=0.9", "en"],
      ["", "de, sv;q=0.5, en;q=0.4", "sv"],
      ["?lang=en", "sv-SE", "en"],
      ["?lang=sv", "en", "sv"],
      ["", "sv-SE", "sv"],
      ["", "en", "en"],
    ];
    for (const [query, acceptLanguage, lang] of cases) {
      const res = await call(`${path}${query}`, {
        headers: acceptLanguage ? { "accept-language": acceptLanguage } : {},
      });
      expect(res.status, `${query} ${acceptLanguage}`).toBe(200);
      expect(mainLang(res.text), `${query} ${acceptLanguage}`).toBe(lang);
      expect(res.text).toContain(lang === "en" ? "Email address" : "E-postadress");
      expect(res.headers.get("content-length")).not.toBeNull();
    }
  });

  it("shows a change of the list on the next GET; an inactive list is the 404 page, and back", async () => {
    const f = await makeList();
    const path = `/subscribe/${f.uuid}`;
    expect((await call(path)).text).toContain("Nyhetsbrev");
    expect((await call(path)).text).toContain("Nyhetsbrev"); // from the template
    const renamed = await call(`/v3/subscription_list/${f.id}`, {
      method: "PUT",
      token: f.token,
      body: { name: "Klubbnytt", description: "Ny text" },
    });
    expect(renamed.status).toBe(200);
    const after = await call(path);
    expect(after.text).toContain("Klubbnytt");
    expect(after.text).toContain("Ny text");
    expect(after.text).not.toContain("Nyhetsbrev");

    await call(`/v3/subscription_list/${f.id}`, { method: "PUT", token: f.token, body: { is_active: false } });
    const gone = await call(path);
    expect(gone.status).toBe(404);
    expect(gone.text).toContain("Listan hittades inte");
    expect(nonceOf(gone.headers.get("content-security-policy"))).toBeTruthy();

    await call(`/v3/subscription_list/${f.id}`, { method: "PUT", token: f.token, body: { is_active: true } });
    const back = await call(path);
    expect(back.status).toBe(200);
    expect(back.text).toContain("Klubbnytt");
  });

  it("hands other queries, router requests and HEAD to Next.js, which renders them as before", async () => {
    const f = await makeList();
    const path = `/subscribe/${f.uuid}`;
    for (const query of ["?utm_source=mail", "?lang=de", "?lang=en&x=1", "?lang=en&lang=sv"]) {
      const res = await call(`${path}${query}`);
      expect(res.status, query).toBe(200);
      expect(res.text).toContain("Nyhetsbrev");
      expect(res.headers.get("content-length"), query).toBeNull(); // streamed by Next.js
      const nonce = nonceOf(res.headers.get("content-security-policy"))!;
      expect([...res.text.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].every((m) => m[1] === nonce)).toBe(true);
    }
    const rsc = await call(path, { headers: { rsc: "1" } });
    expect(rsc.status).toBe(200);
    expect(rsc.headers.get("content-type")).toContain("text/x-component");
    const unknown = await call("/subscribe/00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
  });

  it("serves many concurrent first requests from one fill, each with its own nonce", async () => {
    const f = await makeList();
    const responses = await Promise.all(Array.from({ length: 12 }, () => call(`/subscribe/${f.uuid}?lang=en`)));
    expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200));
    const nonces = responses.map((r) => nonceOf(r.headers.get("content-security-policy")));
    expect(new Set(nonces).size).toBe(12);
    responses.forEach((r, i) => expect(r.text).toContain(`nonce="${nonces[i]}"`));
  });

  it("treats an outside request carrying the internal fill header like any visitor's", async () => {
    const f = await makeList();
    const path = `/subscribe/${f.uuid}`;
    await call(path);
    for (const forged of ["0".repeat(64), "x", ""]) {
      const res = await call(path, { headers: { "x-hosted-page-fill": forged } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-length"), forged).not.toBeNull(); // the template, not a render passed through
      const nonce = nonceOf(res.headers.get("content-security-policy"))!;
      expect(res.text).toContain(`nonce="${nonce}"`);
    }
  });
});
