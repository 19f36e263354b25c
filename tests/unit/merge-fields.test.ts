// Merge fields: values, fallbacks, unknown fields, and a recipient's own data never becoming markup in HTML.
import { describe, expect, it } from "vitest";
import { convert } from "html-to-text";
import { Marks, type MergeValues } from "@/lib/mail/merge-fields";

/** A template marked and filled for one recipient, as a sendout's template does for each. */
function applyMergeFields(template: string, values: MergeValues, mode: "html" | "text"): string {
  const marks = new Marks<MergeValues>();
  const marked = marks.mergeFields(
    template,
    (v) => v,
    mode,
    (html) => convert(html, { wordwrap: false }),
  );
  return marks.fill(marked, mode, values);
}

const anna = { firstname: "Anna", lastname: "Berg", email: "anna@example.org" };
const nameless = { firstname: null, lastname: "  ", email: "x@example.org" };
const attack = "<img src=x onerror=alert(1)>";

describe("merge fields", () => {
  it("fill in first name, last name and email, with spaces and any case inside the braces", () => {
    expect(applyMergeFields("Hej {{firstname}} {{ lastname }} ({{EMAIL}})", anna, "text")).toBe(
      "Hej Anna Berg (anna@example.org)",
    );
  });

  it("use the fallback when the recipient lacks the value, and nothing when there is no fallback", () => {
    expect(applyMergeFields("Hej {{firstname|vän}}!", nameless, "text")).toBe("Hej vän!");
    expect(applyMergeFields("Hej {{lastname|du}}!", nameless, "text")).toBe("Hej du!");
    expect(applyMergeFields("Hej {{firstname}}!", nameless, "text")).toBe("Hej !");
    expect(applyMergeFields("Hej {{firstname|vän}}!", anna, "html")).toBe("Hej Anna!");
  });

  it("remove unknown fields instead of showing template syntax", () => {
    expect(applyMergeFields("Hej {{nickname}}{{nickname|x}}!", anna, "text")).toBe("Hej !");
  });

  it("escape an attacker's first name in HTML and keep it as written in text", () => {
    const evil = { ...anna, firstname: attack, lastname: `"><script>x</script>` };
    const html = applyMergeFields(
      '<p>Hej {{firstname}}</p><a title="{{lastname}}" href="https://e.org">l</a>',
      evil,
      "html",
    );
    expect(html).toBe(
      '<p>Hej &lt;img src=x onerror=alert(1)&gt;</p><a title="&quot;&gt;&lt;script&gt;x&lt;/script&gt;" href="https://e.org">l</a>',
    );
    expect(html).not.toContain("<img");
    expect(applyMergeFields("Hej {{firstname}}", evil, "text")).toBe(`Hej ${attack}`);
  });

  it("never cut a tag in half: a fallback with angle brackets is not a field", () => {
    expect(applyMergeFields("{{firstname|<b>vän}}</b>", anna, "html")).toBe("{{firstname|<b>vän}}</b>");
  });

  it("give an HTML fallback's text form in the text part, and drop stray mark characters the author typed", () => {
    const marks = new Marks<MergeValues>();
    const marked = marks.mergeFields(
      "Hej {{firstname|vän &amp; kamrat}}\uE0000\uE001!",
      (v) => v,
      "html",
      (html) => convert(html, { wordwrap: false }),
    );
    expect(marks.fill(marked, "html", nameless)).toBe("Hej vän &amp; kamrat0!");
    expect(marks.fill(marked, "text", nameless)).toBe("Hej vän & kamrat0!");
    expect(marks.fill(marked, "text", anna)).toBe("Hej Anna0!");
  });
});
