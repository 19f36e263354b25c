// Parses "Authorization: Basic base64(client_id:client_secret)".
import { Unauthorized } from "../errors";

export function parseBasicCredentials(header: string | null): { clientId: string; clientSecret: string } {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i);
  if (!match) throw new Unauthorized("missing or invalid Basic authorization header");
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const separator = decoded.indexOf(":");
  const clientId = separator > 0 ? decoded.slice(0, separator) : "";
  const clientSecret = separator > 0 ? decoded.slice(separator + 1) : "";
  if (!clientId || !clientSecret) throw new Unauthorized("Basic credentials must be client_id:client_secret");
  return { clientId, clientSecret };
}
