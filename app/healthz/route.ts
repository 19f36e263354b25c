// Liveness for load balancers and process supervisors: the process serves HTTP. Touches nothing else, so a database
// outage never gets a healthy process restarted. Outside /v3 (not part of the contract), not rate-limited, not logged.
import { json } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return json({ status: "ok" }, 200, { "cache-control": "no-store" });
}
