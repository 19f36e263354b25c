// The hosted-page cache's gzip: fixed parts deflated once, a fresh value stored between them per response. What a
// browser inflates must be exactly the page, for any parts (empty ones, multi-byte text, long runs that deflate
// would like to reference across the inserted value).
import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { canStitch, deflateParts, stitchGzip } from "@/lib/cache/stitched-gzip";

function roundTrip(texts: string[], value: string) {
  const parts = texts.map((text) => Buffer.from(text));
  const gz = Buffer.concat(stitchGzip(parts, deflateParts(parts, Buffer.byteLength(value)), Buffer.from(value)));
  return { gz, plain: zlib.gunzipSync(gz).toString("utf8") };
}

describe("stitched gzip", () => {
  it("is available on this Node.js (zlib.crc32)", () => {
    expect(canStitch).toBe(true);
  });

  it("inflates to the parts joined by the value, for fresh values each time", () => {
    const page = `<html><script nonce="N">x</script>${"Förbundsnytt ".repeat(500)}<style nonce="N"></style>åäö</html>`;
    const texts = page.split("N");
    for (let i = 0; i < 3; i += 1) {
      const value = Buffer.from(crypto.randomUUID()).toString("base64");
      const { gz, plain } = roundTrip(texts, value);
      expect(plain).toBe(texts.join(value));
      // Compressed across the values: gzip of the whole page plus each value stored (48 bytes and a 10-byte frame).
      expect(gz.length).toBeLessThan(zlib.gzipSync(plain).length + 60 * (texts.length - 1));
    }
  });

  it("never lets a back-reference copy the value: text that repeats around the values comes out right", () => {
    const value = "Q".repeat(48);
    const texts = [`x nonce="`, `" y nonce="`, `" y nonce="`, `" z`];
    for (let i = 0; i < 3; i += 1) {
      const fresh = Buffer.from(crypto.randomUUID()).toString("base64");
      expect(roundTrip(texts, fresh).plain).toBe(texts.join(fresh));
    }
    expect(roundTrip(texts, value).plain).toBe(texts.join(value));
  });

  it("handles empty parts at either end and next to each other, and a single part", () => {
    expect(roundTrip(["", "a", "", ""], "XY").plain).toBe(["", "a", "", ""].join("XY"));
    expect(roundTrip(["only"], "XY").plain).toBe("only");
  });

  it("is exactly what the strict gunzip of the platform accepts (CRC and length checked)", () => {
    const texts = ["a".repeat(70_000), "b".repeat(3), "a".repeat(40_000)];
    const { gz } = roundTrip(texts, "v");
    gz[gz.length - 8] ^= 1; // a wrong CRC must be noticed, so the right one is really checked
    expect(() => zlib.gunzipSync(gz)).toThrow();
  });
});
