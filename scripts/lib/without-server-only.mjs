// For a profiling script that runs what the server renders (mail: react-dom/server, which the react-server condition
// refuses): run without that condition, with `server-only` resolved to its empty module, as the tests alias it
// (vitest.config.ts), for import and require alike.
//   npx tsx --import ./scripts/lib/without-server-only.mjs scripts/profile-sendout.ts
import Module, { register } from "node:module";
import { fileURLToPath } from "node:url";

const EMPTY = fileURLToPath(new URL("../../node_modules/server-only/empty.js", import.meta.url));
register(
  "data:text/javascript," +
    encodeURIComponent(`export async function resolve(specifier, context, next) {
      return next(specifier === "server-only" ? ${JSON.stringify(EMPTY)} : specifier, context);
    }`),
  import.meta.url,
);
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, request === "server-only" ? EMPTY : request, ...rest);
};
