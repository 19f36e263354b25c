// Allowlist sanitizing for admin-authored HTML shown on public pages (consent terms). No scripts, event handlers,
// iframes, styles or classes (nothing can overlay the page), and links only to http(s) and mailto.
import sanitizeHtml from "sanitize-html";

const options: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a", "h3", "h4", "blockquote"],
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Links leave the page in a new tab without giving the target a handle on it.
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } }),
  },
};

export function sanitizeConsentHtml(html: string): string {
  return sanitizeHtml(html, options);
}
