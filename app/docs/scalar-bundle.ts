// The script of /docs, served by this app (never a CDN): Scalar's browser bundle from node_modules between a prelude
// and a start, as one file, so the page carries one external script with its CSP nonce and no inline code.
import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The address of the script; the page links it with the version (its content hash) so a browser may keep it. */
export const scalarScriptPath = "/docs/scalar.js";

/** The element holding the configuration as JSON (app/docs/page.tsx writes it; the start reads it). */
export const configurationElementId = "scalar-configuration";

/** The element Scalar mounts in (the start creates it). Not "api-reference": the bundle mounts a second copy by itself
 * next to an element of that id. */
export const mountElementId = "reference";

// What axe finds in Scalar's markup and Scalar has no option for, repaired as it renders: its code inputs (the
// contenteditable comboboxes of the console and the authentication panel: token URL, client ID) have a <label for> that
// points at their wrapper and so names nothing, and no aria-expanded; the copy button of a code sample has no name (its
// text is hidden); code blocks and a tag's list of operations, which scroll sideways on a phone, cannot be reached
// with a keyboard.
const accessibilityRepairs = `
  var repair = function () {
    mount.querySelectorAll('[contenteditable][role="combobox"]:not([aria-labelledby])').forEach(function (input) {
      var wrapper = input.parentElement && input.parentElement.closest("[id]");
      var label = wrapper && document.querySelector('label[for="' + wrapper.id + '"]');
      if (label) {
        label.id = label.id || wrapper.id + "-label";
        input.setAttribute("aria-labelledby", label.id);
      }
      if (!input.hasAttribute("aria-expanded")) input.setAttribute("aria-expanded", "false");
    });
    mount.querySelectorAll("button.scalar-code-copy:not([aria-label])").forEach(function (button) {
      button.setAttribute("aria-label", "Copy code");
    });
    mount.querySelectorAll("pre code:not([tabindex]), code.custom-scroll:not([tabindex]), .endpoints:not([tabindex])").forEach(function (scrolling) {
      scrolling.tabIndex = 0;
    });
  };
  var pending = false;
  new MutationObserver(function () {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () {
      pending = false;
      repair();
    });
  }).observe(mount, { childList: true, subtree: true });
`;

// Scalar and the libraries in its bundle add <style> elements of their own (its theme, vue-sonner's toasts), and only
// its main stylesheet takes the page's nonce (from <meta property="csp-nonce">). The prelude gives every <style> a
// script creates the nonce of the script that brought them, so /docs keeps the nonce-based style-src of every page
// instead of 'unsafe-inline' for styles. Script-created only: markup parsed from text (innerHTML, the document) does
// not pass through createElement, so a <style> smuggled into rendered Markdown still has no nonce and does not apply.
// (Style attributes are allowed on /docs: lib/http/content-security.ts says why.) The start reads the configuration
// and points the "try it" console at this page's own origin.
const prelude = `(function () {
  var nonce = document.currentScript && document.currentScript.nonce;
  var createElement = Document.prototype.createElement;
  Document.prototype.createElement = function () {
    var element = createElement.apply(this, arguments);
    if (nonce && element.localName === "style") element.nonce = nonce;
    return element;
  };
})();
`;

const start = `
(function () {
  var configuration = JSON.parse(document.getElementById(${JSON.stringify(configurationElementId)}).textContent);
  configuration.servers = [{ url: location.origin + "/v3", description: "This server" }];
  // Scalar's own element, outside the elements React renders: had it mounted into one of them before React hydrated
  // the page (the script comes from the cache sooner than React starts), React would find markup it did not render,
  // give up hydrating and render the page afresh, an empty element in place of the reference. React leaves alone what
  // others add to <body>.
  var mount = document.createElement("div");
  mount.id = ${JSON.stringify(mountElementId)};
  mount.lang = "en";
  mount.tabIndex = -1;
  document.body.appendChild(mount);
  Scalar.createApiReference(mount, configuration);
  ${accessibilityRepairs}
})();
`;

type Bundle = { body: Buffer; version: string };
let bundle: Bundle | undefined;

function load(): Bundle {
  const file = path.join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");
  const body = Buffer.concat([Buffer.from(prelude), fs.readFileSync(file), Buffer.from(start)]);
  return { body, version: createHash("sha256").update(body).digest("base64url").slice(0, 16) };
}

/** The version of the script the page links (read once, on the first request that needs it). */
export function scalarScriptVersion(): string {
  bundle ??= load();
  return bundle.version;
}

/**
 * GET /docs/scalar.js: the script, kept a year under its versioned address (4.2 MB; Next compresses it, 1.3 MB with
 * gzip, as it does every response).
 */
export function serveScalarScript(request: Request): Response {
  bundle ??= load();
  const url = new URL(request.url);
  const etag = `"${bundle.version}"`;
  const headers: Record<string, string> = {
    "content-type": "text/javascript; charset=utf-8",
    etag,
    // An address with an older version gets this one's content: not kept, so it is asked for again.
    "cache-control": url.searchParams.get("v") === bundle.version ? "public, max-age=31536000, immutable" : "no-cache",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(bundle.body), { headers });
}
