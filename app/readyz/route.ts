// Readiness for load balancers: 200 when the database answers and is fully migrated, otherwise 503 with the reason
// (lib/health.ts). Outside /v3 (not part of the contract), not rate-limited, not logged per probe.
import { json } from "@/lib/http/responses";
import { readiness } from "@/lib/health";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const result = await readiness();
  const headers = { "cache-control": "no-store" };
  return result.ready
    ? json({ status: "ok" }, 200, headers)
    : json({ status: "unavailable", reason: result.reason }, 503, headers);
}
