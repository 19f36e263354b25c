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
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" },
    }),
  },
};

export function sanitizeConsentHtml(html: string): string {
  return sanitizeHtml(html, options);
}

// The email-body profile (sendouts): what mail clients render and newsletters need: tables for layout, inline
// styles, images, headings, links. The message is never shown on our pages, but it is still cleaned: no scripts, event
// handlers, forms, iframes or remote style sheets (<style> and <link> go; a mail client would strip or mangle them), and
// links and images only over http(s) (images also as data: URIs, as editors paste them). Links are kept as written:
// nothing is rewritten for tracking.
const emailBodyOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    ...[
      "p",
      "br",
      "hr",
      "div",
      "span",
      "strong",
      "b",
      "em",
      "i",
      "u",
      "s",
      "small",
      "sup",
      "sub",
      "blockquote",
      "pre",
      "code",
    ],
    ...["h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "a", "img", "center", "font"],
    ...["table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption", "colgroup", "col"],
  ],
  allowedAttributes: {
    "*": ["style", "align", "valign", "width", "height", "bgcolor", "dir", "lang", "title"],
    a: ["href", "name", "target", "rel"],
    img: ["src", "alt", "border"],
    table: ["border", "cellpadding", "cellspacing", "role"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan", "scope"],
    col: ["span"],
    font: ["color", "face", "size"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // sanitize-html would keep only the declarations an allowedStyles list names; email layout needs them as written, so
  // style attributes are not parsed, and only declarations that can run code in old clients are dropped.
  parseStyleAttributes: false,
  transformTags: {
    "*": (tagName, attribs) =>
      attribs.style === undefined
        ? { tagName, attribs }
        : { tagName, attribs: { ...attribs, style: inertStyle(attribs.style) } },
  },
};

const ACTIVE_STYLE = /expression\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding/i;

function inertStyle(style: string): string {
  return style
    .split(";")
    .filter((declaration) => !ACTIVE_STYLE.test(declaration))
    .join(";");
}

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, emailBodyOptions);
}
