// The top entries of a V8 .cpuprofile (node --cpu-prof, or scripts/profile-import.ts --profile), by function and file:
// self time, and with --inclusive the time with everything called, for the project's own functions (lib/, scripts/).
//   node scripts/cpuprofile-top.mjs FILE [count] [--inclusive]
import fs from "node:fs";

const flags = process.argv.slice(2).filter((a) => a.startsWith("--"));
const [file, count = "25"] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const inclusive = flags.includes("--inclusive");
const profile = JSON.parse(fs.readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const keyOf = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    ? `${url.replace(/^.*node_modules\//, "~/").replace(/^file:\/\/.*?\/(lib|scripts)\//, "$1/")}:${lineNumber + 1}`
    : "";
  return `${functionName || "(anonymous)"} ${where}`;
};
const own = (node) =>
  /^file:\/\/.*\/(lib|scripts)\//.test(node.callFrame.url) && !node.callFrame.url.includes("node_modules");
const sums = new Map();
let total = 0;
// timeDeltas[i] is the time before samples[i]: the sample's node ran for it.
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  total += us;
  const keys = new Set();
  if (!inclusive) keys.add(keyOf(byId.get(id)));
  else for (let n = id; n !== undefined; n = parent.get(n)) if (own(byId.get(n))) keys.add(keyOf(byId.get(n)));
  for (const key of keys) sums.set(key, (sums.get(key) ?? 0) + us);
});
console.log(
  `total ${(total / 1e6).toFixed(1)} s sampled${inclusive ? " (inclusive, the project's functions; async work after an await is not counted in its caller)" : ""}`,
);
for (const [key, us] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, Number(count))) {
  console.log(`${(us / 1e6).toFixed(2).padStart(7)} s ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
}
