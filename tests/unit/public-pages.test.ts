import { describe, expect, it } from "vitest";
import { pickLanguage } from "@/lib/i18n/lang";
import { sanitizeConsentHtml } from "@/lib/sanitize";

describe("page language", () => {
  it("is Swedish by default, English by ?lang=en or a preferred Accept-Language", () => {
    expect(pickLanguage(undefined, null)).toBe("sv");
    expect(pickLanguage(undefined, "de-DE,fr;q=0.8")).toBe("sv");
    expect(pickLanguage("en", "sv-SE")).toBe("en");
    expect(pickLanguage("sv", "en-GB")).toBe("sv");
    expect(pickLanguage(undefined, "en-GB,en;q=0.9,sv;q=0.8")).toBe("en");
    expect(pickLanguage(undefined, "en;q=0.5,sv-SE;q=0.9")).toBe("sv");
    expect(pickLanguage("xx", "en-US")).toBe("en");
  });
});

describe("consent HTML sanitizing", () => {
  it("keeps text structure and http(s)/mailto links; drops scripts, handlers, javascript: URLs, frames and styles", () => {
    const out = sanitizeConsentHtml(
      '<h3>Villkor</h3><p onclick="x()">Text <strong>fet</strong></p><ul><li>a</li></ul>' +
        '<a href="javascript:alert(1)">js</a><a href="JaVaScRiPt:alert(1)">js2</a><a href="mailto:a@b.se">mail</a>' +
        '<a href="//evil.example/x">proto-relative</a><script>alert(1)</script><iframe src="x"></iframe>' +
        "<img src=x onerror=alert(1)><svg onload=alert(1)></svg><style>body{display:none}</style>" +
        '<div style="position:fixed" class="overlay">o</div><form action="https://evil"><input></form>',
    );
    expect(out).toContain("<h3>Villkor</h3>");
    expect(out).toContain("<p>Text <strong>fet</strong></p>");
    expect(out).toContain('<a href="mailto:a@b.se" target="_blank" rel="noopener noreferrer nofollow">mail</a>');
    for (const bad of [
      "javascript",
      "onclick",
      "onerror",
      "onload",
      "<script",
      "<iframe",
      "<img",
      "<svg",
      "<style",
      "style=",
      "class=",
      "<form",
      "<input",
      "//evil",
    ]) {
      expect(out.toLowerCase()).not.toContain(bad);
    }
  });
});
