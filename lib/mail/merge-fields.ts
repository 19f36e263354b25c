// Merge fields in a sendout's subject, preheader and body: {{firstname}}, {{lastname}}, {{email}}, each with an optional
// fallback for a recipient who lacks the value, {{firstname|vän}}. A value is the recipient's own data, written by
// anyone who filled in a subscription form, so in HTML it is escaped and can never become markup; in text (the
// subject, the plain-text part) it goes in as it is, since nothing there is interpreted.
//
// An unknown field ({{nickname}}, a typo) is removed rather than left as written: the recipient should never see
// template syntax, and the test copy staff send themselves shows the gap where the word was missing.

export interface MergeValues {
  firstname: string | null;
  lastname: string | null;
  email: string;
}

type Mode = "html" | "text";

// The fallback is plain words: no braces (where the field ends) and no angle brackets, so replacing a field never
// cuts a tag of the surrounding (sanitized) HTML in half.
const FIELD = /\{\{\s*([A-Za-z_]+)\s*(?:\|([^{}<>]*))?\}\}/g;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** The recipient's value of a field ("" when they have none), or undefined for a field that does not exist. */
function valueOf(name: string, values: MergeValues): string | undefined {
  switch (name.toLowerCase()) {
    case "firstname":
      return values.firstname?.trim() ?? "";
    case "lastname":
      return values.lastname?.trim() ?? "";
    case "email":
      return values.email.trim();
    default:
      return undefined;
  }
}

// A sendout's layout is rendered once and filled in per recipient: rendering it (React, then html-to-text for the
// plain part) cost about 5 ms a message, most of a sendout's time per recipient; filling marks in two finished strings
// costs microseconds. Each field is rendered as a mark, a private-use character pair around a number, which React and
// html-to-text pass through untouched; the mark knows what to put in its place in the HTML part (escaped as React
// would have escaped it, unless it stands in the raw body HTML) and in the text part. The footer's per-recipient links
// are marks too.

/** Values of no one: for asking whether a name is a field at all. */
const NOBODY: MergeValues = { firstname: null, lastname: null, email: "" };

const OPEN = "\uE000";
const CLOSE = "\uE001";
const MARK = /\uE000(\d+)\uE001/g;
const MARK_CHARACTERS = /[\uE000\uE001]/g;

interface Slot<R> {
  /** What the mark becomes in the HTML part: already escaped for where it stands. */
  html: (recipient: R) => string;
  /** What it becomes in the plain-text part and in headers. */
  text: (recipient: R) => string;
}

/** The marks of one message template, and filling a rendered string for one recipient. */
export class Marks<R> {
  private readonly slots: Slot<R>[] = [];

  /** A mark for one value, with its form in each part. */
  add(slot: Slot<R>): string {
    this.slots.push(slot);
    return `${OPEN}${this.slots.length - 1}${CLOSE}`;
  }

  /** A mark whose value is plain text wherever it appears: escaped in the HTML part, as React escapes text. */
  addText(value: (recipient: R) => string): string {
    return this.add({ html: (r) => escapeHtml(value(r)), text: value });
  }

  /**
   * The template with each merge field as a mark. `mode` is the template's own language: in "html" (the sanitized
   * body) a fallback is HTML as the author wrote it and the mark stands in raw HTML; in "text" (subject, preheader,
   * the plain-text body) everything is text. Stray mark characters in the author's text are dropped, so no text can
   * pose as a mark.
   */
  mergeFields(
    template: string,
    values: (recipient: R) => MergeValues,
    mode: Mode,
    fallbackAsText: (html: string) => string,
  ): string {
    return template.replace(MARK_CHARACTERS, "").replace(FIELD, (_whole, name: string, written: string | undefined) => {
      if (valueOf(name, NOBODY) === undefined) return "";
      const fallback = written?.trim() ?? "";
      const valueFor = (r: R) => valueOf(name, values(r)) ?? "";
      if (mode === "text") return this.addText((r) => valueFor(r) || fallback);
      const fallbackText = fallbackAsText(fallback);
      return this.add({
        html: (r) => {
          const value = valueFor(r);
          return value ? escapeHtml(value) : fallback;
        },
        text: (r) => valueFor(r) || fallbackText,
      });
    });
  }

  fill(rendered: string, part: Mode, recipient: R): string {
    return rendered.replace(MARK, (_whole, index: string) => this.slots[Number(index)][part](recipient));
  }
}
