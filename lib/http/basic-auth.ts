// Parses "Authorization: Basic base64(client_id:client_secret)". The reason texts are Memlist's (its public developer
// documentation), so clients written against Memlist read the same words.
import { unescape as percentDecode } from "node:querystring";
import { Unauthorized } from "../errors";

export const BASIC_HEADER_MISSING = "Missing or invalid Authorization header";
const BASIC_CREDENTIALS_UNPARSEABLE = 'invalid "Basic" credentials';

export interface BasicCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * No Authorization header, another scheme, or "Basic" with no value: 401 `Missing or invalid Authorization header`. The Basic scheme with a
 * value that is not base64 of `client_id:client_secret` (both non-empty, no control characters): 401
 * `invalid "Basic" credentials`.
 */
export function parseBasicCredentials(header: string | null): BasicCredentials {
  return readBasicCredentials(header) ?? throwUnauthorized(BASIC_HEADER_MISSING);
}

/** As parseBasicCredentials, but null where it answers `Missing or invalid Authorization header`. */
export function readBasicCredentials(header: string | null): BasicCredentials | null {
  const encoded = header?.match(/^Basic(?:\s+(.*))?$/i)?.[1]?.trim();
  if (!encoded) return null;
  if (!/^[A-Za-z0-9+/=_-]+$/.test(encoded)) throwUnauthorized(BASIC_CREDENTIALS_UNPARSEABLE);
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const separator = decoded.indexOf(":");
  return checked({
    clientId: separator > 0 ? decoded.slice(0, separator) : "",
    clientSecret: separator > 0 ? decoded.slice(separator + 1) : "",
  });
}

/**
 * OAuth 2.0 client credentials as RFC 6749 section 2.3.1 has clients send them: each of client_id and client_secret
 * form-url-encoded before Basic (openid-client sends `ck%5F…` for `ck_…`), so `+` is a space and `%XX` a byte; a
 * malformed `%` sequence stays as it is. Our ids (`ck_` + base64url) and secrets (base64url) never hold `%` or `+`, so
 * a client that sends them raw is read unchanged.
 */
export function formUrlDecoded(credentials: BasicCredentials): BasicCredentials {
  const decode = (value: string) => percentDecode(value.replaceAll("+", " "));
  return checked({ clientId: decode(credentials.clientId), clientSecret: decode(credentials.clientSecret) });
}

/** Control characters (NUL above all: PostgreSQL cannot even compare one) are never in an id or secret we issue. */
function checked(credentials: BasicCredentials): BasicCredentials {
  const { clientId, clientSecret } = credentials;
  if (!clientId || !clientSecret || /[\u0000-\u001f\u007f]/.test(clientId + clientSecret))
    throwUnauthorized(BASIC_CREDENTIALS_UNPARSEABLE);
  return credentials;
}

function throwUnauthorized(reason: string): never {
  throw new Unauthorized(reason);
}
