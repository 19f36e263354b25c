import { describe, expect, it } from "vitest";
import { acceptsGzip } from "@/lib/http/accept-encoding";

describe("acceptsGzip", () => {
  it("reads gzip and * with their qualities, gzip's own first", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("br, *;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("gzip;q=0.000")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("deflate, br")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
    expect(acceptsGzip("gzip;q=banana")).toBe(false);
  });
});
