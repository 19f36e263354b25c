// GET a dashboard data route as JSON for TanStack Query; a non-2xx answer throws with the route's reason.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json" }, cache: "no-store" });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new HttpError(response.status, (body as { reason?: string } | null)?.reason ?? response.statusText);
  return body as T;
}
