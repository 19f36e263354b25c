// GET a dashboard data route as JSON for TanStack Query; a non-2xx answer throws with the route's reason.
// A 401 is asked once more after a short pause (right after signing in, the first requests can race the session
// cookie); a second 401 means the session is gone (signed out in another tab, expired), so the browser goes to the
// sign-in page instead of leaving a screen on "Loading…" or an error it cannot retry its way out of.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

const SESSION_RETRY_DELAY_MS = 400;
const SIGN_IN_PAGE = "/admin/login";

async function get(url: string): Promise<Response> {
  return fetch(url, { headers: { accept: "application/json" }, cache: "no-store" });
}

export async function fetchJson<T>(url: string): Promise<T> {
  let response = await get(url);
  if (response.status === 401) {
    await new Promise((resolve) => setTimeout(resolve, SESSION_RETRY_DELAY_MS));
    response = await get(url);
    // A full load, not the router: the whole dashboard shell is for a signed-in user and must be rendered anew.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    if (response.status === 401) window.location.assign(SIGN_IN_PAGE);
  }
  const body = await response.json().catch(() => null);
  if (!response.ok)
    throw new HttpError(response.status, (body as { reason?: string } | null)?.reason ?? response.statusText);
  return body as T;
}

/** TanStack Query's retry rule for the dashboard: a client error (4xx: not signed in, not allowed, not found) is the
 * answer, asking again changes nothing; anything else (network, 5xx) is asked once more. */
export function retryOnce(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
