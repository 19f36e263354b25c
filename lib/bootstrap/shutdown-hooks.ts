// What the graceful shutdown closes besides the server's own resources: parts started beside the server in the same
// process by scripts/start.mjs (the mail catcher). They come from another bundle (dist/mail-catcher.mjs) than the
// server (dist/server.mjs), so each has its own copy of this module: the list lives on globalThis under a registered
// symbol, which both copies see.

type Close = () => Promise<void>;

const KEY = Symbol.for("forening-service.shutdown-hooks");
const hooks = () => ((globalThis as Record<symbol, Close[] | undefined>)[KEY] ??= []);

/** Have the graceful shutdown call `close` after the server has drained. */
export function closeOnShutdown(close: Close): void {
  hooks().push(close);
}

/** Calls every registered close (once each); a failure of one does not skip the others. */
export async function runShutdownHooks(): Promise<void> {
  const all = hooks().splice(0);
  const results = await Promise.allSettled(all.map((close) => close()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
}
