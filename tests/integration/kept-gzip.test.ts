// The two register routes over the wire (lib/http/kept-gzip.ts): a large register is gzipped once and sent with
// Content-Encoding, never encoded twice; a client that does not accept gzip gets the same JSON as it is.
import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newAdminUser, signIn } from "../dashboard-session";
import { accessTokenFor, baseUrl, uniqueIp } from "../helpers";

/** A GET as the bytes arrive (fetch would decode them): status, headers and the raw body. */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl()}${path}`, { headers: { "x-forwarded-for": uniqueIp(), ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The response to `headers` with the register's plain text as it was around it: other files add companies to the
 * shared database meanwhile, so it is read again until the register stayed the same across the request.
 */
async function steadyGet(route: string, headers: Record<string, string>, extra: Record<string, string>) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const before = (await rawGet(route, headers)).body.toString("utf8");
    const response = await rawGet(route, { ...headers, ...extra });
    if ((await rawGet(route, headers)).body.toString("utf8") === before) return { response, text: before };
  }
  throw new Error(`the register of ${route} kept changing`);
}

beforeAll(async () => {
  // Past the 256 KB from which a body is kept gzipped.
  const stamp = crypto.randomBytes(4).toString("hex");
  await db().company.createMany({
    data: Array.from({ length: 5000 }, (_, i) => ({
      id: crypto.randomUUID(),
      uuid: crypto.randomUUID(),
      name: `Bulk ${stamp} ${i}`,
      orgNumber: `${stamp}-${i}`,
    })),
  });
});

describe.each([
  {
    route: "/v3/company/fk",
    auth: async () => ({
      authorization: `Bearer ${(await accessTokenFor({ modules: ["company"], permissions: [] })).token}`,
    }),
  },
  { route: "/admin/api/companies", auth: async () => ({ cookie: await signIn(await newAdminUser()) }) },
])("GET $route of a large register", ({ route, auth }) => {
  it("is gzipped once for a client that accepts gzip, and sent as it is to one that does not", async () => {
    const headers = await auth();
    const plain = await rawGet(route, headers);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["x-body-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(256 * 1024);
    const text = plain.body.toString("utf8");
    expect((JSON.parse(text) as unknown[]).length).toBeGreaterThanOrEqual(5000);

    for (const acceptEncoding of ["gzip, deflate, br", "br;q=1.0, gzip;q=0.5", "gzip, deflate, br"]) {
      const { response: gzipped, text: current } = await steadyGet(route, headers, {
        "accept-encoding": acceptEncoding,
      });
      expect(gzipped.status).toBe(200);
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      expect(gzipped.headers["x-body-encoding"]).toBeUndefined();
      expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
      expect(gzipped.headers["content-type"]).toBe("application/json; charset=utf-8");
      // Encoded once: the server's own compression left it alone.
      expect(zlib.gunzipSync(gzipped.body).toString("utf8")).toBe(current);
    }
    const { response: refused, text: current } = await steadyGet(route, headers, {
      "accept-encoding": "gzip;q=0, identity",
    });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.toString("utf8")).toBe(current);
  });

  it("does not take a client's own x-body-encoding for the server's", async () => {
    const forged = await rawGet(route, {
      ...(await auth()),
      "accept-encoding": "identity",
      "x-body-encoding": "restored",
    });
    expect(forged.headers["content-encoding"]).toBeUndefined();
    expect(() => JSON.parse(forged.body.toString("utf8"))).not.toThrow();
  });
});
