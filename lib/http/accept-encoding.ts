// What a client's Accept-Encoding admits: the hosted page cache and the kept register bodies (kept-gzip.ts) send gzip
// they made once, and only to a client that takes it.

/** Whether an Accept-Encoding header admits gzip: by name or `*` with a quality above 0; gzip's own quality first. */
export function acceptsGzip(header: string | null | undefined): boolean {
  if (!header) return false;
  const qualities = new Map(
    header.split(",").map((part) => {
      const [name, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
      const q = params.find((p) => p.startsWith("q="));
      return [name, q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const quality = qualities.get("gzip") ?? qualities.get("*") ?? 0;
  return quality > 0;
}
