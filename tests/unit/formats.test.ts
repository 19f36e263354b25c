import { describe, expect, it } from "vitest";
import { fill } from "@/lib/i18n/fill";
import { formatDate, formatNumber, formatWallClock } from "@/lib/i18n/formats";

describe("formatDate", () => {
  it("shows a moment in Stockholm time, whatever zone the process runs in", () => {
    // 23:30 UTC on 22 November is 00:30 on the 23rd in Stockholm (UTC+1 in winter).
    expect(formatDate("sv", "dateTime", "2026-11-22T23:30:00Z")).toBe("23 nov. 2026 00:30");
    expect(formatDate("en", "dateTime", "2026-11-22T23:30:00Z")).toBe("23 Nov 2026, 00:30");
    expect(formatDate("sv", "date", "2026-11-22T23:30:00Z")).toBe("23 nov. 2026");
  });

  it("shows a calendar date as the day it names", () => {
    expect(formatDate("sv", "calendarDate", "2026-11-22")).toBe("22 nov. 2026");
    expect(formatDate("en", "calendarDayMonth", "2026-11-22")).toBe("22 Nov");
  });
});

describe("formatWallClock", () => {
  it("keeps the time as written with its offset, and says none for null", () => {
    expect(formatWallClock("sv", "2027-03-10T18:00:00+01:00")).toBe("10 mars 2027 18:00");
    expect(formatWallClock("en", null)).toBe("–");
  });
});

describe("formatNumber", () => {
  it("groups digits the language's way", () => {
    expect(formatNumber("sv", 12345)).toBe("12\u00a0345");
    expect(formatNumber("en", 12345)).toBe("12,345");
  });
});

describe("fill", () => {
  it("inserts values as written and leaves a placeholder without a value", () => {
    expect(fill("{a} and {b}", { a: "$& x" })).toBe("$& x and {b}");
    expect(fill("{n} items", { n: 3 })).toBe("3 items");
  });
});
