import { describe, expect, it } from "vitest";
import { constantTimeEqual, decryptSecret, encryptSecret } from "@/lib/crypto";

describe("encryption at rest", () => {
  it("round-trips, uses a fresh IV each time and rejects a wrong key or tampering", () => {
    const key = "k".repeat(40);
    const a = encryptSecret("leisure-card-api-key", key);
    const b = encryptSecret("leisure-card-api-key", key);
    expect(a).not.toBe(b);
    expect(a).not.toContain("leisure-card-api-key");
    expect(decryptSecret(a, key)).toBe("leisure-card-api-key");
    expect(() => decryptSecret(a, "x".repeat(40))).toThrow();
    const parts = a.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => decryptSecret(parts.join("."), key)).toThrow();
  });

  it("compares strings of any length", () => {
    expect(constantTimeEqual("abc", "abc")).toBe(true);
    expect(constantTimeEqual("abc", "abd")).toBe(false);
    expect(constantTimeEqual("abc", "abcd")).toBe(false);
  });
});
