// The /v3 GET links in sendouts lead to the hosted pages, keeping the query (token, lang).

/**
 * A 303 to the hosted page at `segments`, each one encoded on its own, so a parameter holding "/" or "." stays one
 * segment of the address (a joined path split on "/" turned `..%2F` into `/unsubscribe/..//1`, another path).
 */
export function redirectToHostedPage(request: Request, segments: string[]): Response {
  const url = new URL(request.url);
  const path = segments.map((segment) =>
    /^\.{1,2}$/.test(segment) ? segment.replaceAll(".", "%2E") : encodeURIComponent(segment),
  );
  return new Response(null, { status: 303, headers: { location: `/${path.join("/")}${url.search}` } });
}
