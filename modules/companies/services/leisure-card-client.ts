// Client for the external leisure-card (Fritidskortet) service. The real wire format is not public; this is the small
// JSON contract our simulator (scripts/leisure-card-simulator.ts) implements:
//
//   POST {LEISURE_CARD_API_URL}/v1/utforare/status
//   Authorization: Bearer <the company's leisure-card API key>
//   {"org_number": "802002-3757", "giro_type": "BANKGIRO" | "PLUSGIRO", "giro_number": "123-4567"}
//   -> 200 {"status": "GODKAND" | "EJ_GODKAND"}
//
// Swapping in the real service means changing this file only. Every failure becomes UpstreamFailed (500 with a
// reason); reasons never contain the credential.
import { UpstreamFailed } from "@/lib/errors";

export type ProviderStatus = "GODKAND" | "EJ_GODKAND";

export interface ProviderStatusQuery {
  apiKey: string;
  orgNumber: string;
  giroType: string;
  giroNumber: string;
}

export interface LeisureCardClientConfig {
  baseUrl: string;
  timeoutMs: number;
}

const STATUS_PATH = "/v1/utforare/status";

export async function fetchProviderStatus(
  config: LeisureCardClientConfig,
  query: ProviderStatusQuery,
): Promise<ProviderStatus> {
  // Appended, not resolved, so a base URL with a path prefix (https://host/fk-api) keeps its prefix.
  const url = `${config.baseUrl.replace(/\/+$/, "")}${STATUS_PATH}`;
  // One deadline for connect, headers and body: AbortSignal.timeout also aborts a body that trickles in slowly.
  const signal = AbortSignal.timeout(config.timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${query.apiKey}`,
        "content-type": "application/json",
        accept: "application/json",
      },
      body: JSON.stringify({ org_number: query.orgNumber, giro_type: query.giroType, giro_number: query.giroNumber }),
      signal,
      redirect: "error",
    });
    text = await response.text();
  } catch (error) {
    throw fetchFailure(error, config.timeoutMs);
  }
  if (!response.ok) {
    const status = String(response.status);
    if (response.status === 401 || response.status === 403) {
      throw new UpstreamFailed(
        `leisure-card service rejected the company's credential (HTTP ${status})`,
        "credential_rejected",
        status,
      );
    }
    throw new UpstreamFailed(`leisure-card service answered HTTP ${status}`, "http_error", status);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UpstreamFailed("leisure-card service gave a malformed answer (not JSON)", "malformed_answer");
  }
  const status = (body as { status?: unknown } | null)?.status;
  if (status !== "GODKAND" && status !== "EJ_GODKAND") {
    throw new UpstreamFailed(
      "leisure-card service gave a malformed answer (no GODKAND/EJ_GODKAND status)",
      "malformed_answer",
    );
  }
  return status;
}

function fetchFailure(error: unknown, timeoutMs: number): UpstreamFailed {
  const name = (error as { name?: string })?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return new UpstreamFailed(
      `leisure-card service did not answer within ${timeoutMs} ms`,
      "timeout",
      String(timeoutMs),
    );
  }
  const cause = (error as { cause?: { code?: string } })?.cause;
  const code = cause?.code ?? (error as { code?: string })?.code;
  return new UpstreamFailed(`leisure-card service unreachable${code ? ` (${code})` : ""}`, "unreachable", code ?? null);
}
