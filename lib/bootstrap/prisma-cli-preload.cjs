// Preloaded into the Prisma CLI (lib/migrate-deploy.ts). Its schema engine (WebAssembly) arms a 10 s setTimeout for
// the PostgreSQL migration lock and never clears it once the lock is taken, so `prisma migrate deploy` sat idle for
// 10 s after its work. Unreferenced, such a timer still fires while anything else keeps the process busy (a lock
// being waited for holds a socket open); it only stops holding the finished process open.
"use strict";
const setTimeoutBefore = global.setTimeout;
global.setTimeout = function setTimeoutUnrefLong(callback, ms, ...args) {
  const timer = setTimeoutBefore.call(this, callback, ms, ...args);
  if (ms >= 1000 && typeof timer?.unref === "function") timer.unref();
  return timer;
};
