// Parses "Authorization: Basic base64(client_id:client_secret)". The reason texts are Memlist's (its public developer
// documentation), so clients written against Memlist read the same words.
import { Unauthorized } from "../errors";

const BASIC_HEADER_MISSING = "Missing or invalid Authorization header";
const BASIC_CREDENTIALS_UNPARSEABLE = 'invalid "Basic" credentials';

/**
 * No Authorization header, another scheme, or "Basic" with no value: 401 `Missing or invalid Authorization header`. The Basic scheme with a
 * value that is not base64 of `client_id:client_secret` (both non-empty, no control characters): 401
 * `invalid "Basic" credentials`.
 */
export function parseBasicCredentials(header: string | null): { clientId: string; clientSecret: string } {
  const encoded = header?.match(/^Basic(?:\s+(.*))?$/i)?.[1]?.trim();
  if (!encoded) throw new Unauthorized(BASIC_HEADER_MISSING);
  if (!/^[A-Za-z0-9+/=_-]+$/.test(encoded)) throw new Unauthorized(BASIC_CREDENTIALS_UNPARSEABLE);
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const separator = decoded.indexOf(":");
  const clientId = separator > 0 ? decoded.slice(0, separator) : "";
  const clientSecret = separator > 0 ? decoded.slice(separator + 1) : "";
  // Control characters (NUL above all: PostgreSQL cannot even compare one) are never in an id or secret we issue.
  if (!clientId || !clientSecret || /[\u0000-\u001f\u007f]/.test(decoded)) throw new Unauthorized(BASIC_CREDENTIALS_UNPARSEABLE);
  return { clientId, clientSecret };
}
