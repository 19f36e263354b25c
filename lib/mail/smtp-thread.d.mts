// Types of smtp-thread.mjs for the TypeScript side (lib/mail/transport.ts, the bench's bare nodemailer loop).
import type net from "node:net";

export declare function connectWithoutDelay(
  options: { host?: string; port?: number | string; secure?: boolean },
  callback: (error: Error | null, socket?: { connection: net.Socket } | false) => void,
): void;
