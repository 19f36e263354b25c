// The house rules of the source tree (docs/developing.md, Layout), read from the files themselves:
// - no import cycle anywhere (type-only imports do not count: they vanish at run time);
// - one folder per domain under modules/, each saying in a README.md what it owns;
// - a domain uses another only through that one's services, schemas and texts: its operations, components, mail and
//   the rest are its own.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOTS = ["app", "components", "lib", "modules", "scripts", "server.ts", "proxy.ts"];
const SKIP = new Set(["lib/generated", "node_modules"]);
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".mjs", "/index.ts", "/index.tsx"];
/** What another domain may import from a domain. */
const PUBLIC_PARTS = new Set(["services", "schemas", "texts"]);

function sourceFiles(entry: string): string[] {
  if (SKIP.has(entry) || !fs.existsSync(entry)) return [];
  if (!fs.statSync(entry).isDirectory()) return SOURCE.test(entry) && !entry.endsWith(".d.mts") ? [entry] : [];
  return fs.readdirSync(entry).flatMap((child) => sourceFiles(path.posix.join(entry, child)));
}

const files = ROOTS.flatMap(sourceFiles);
const known = new Set(files);

/** The files a file imports at run time: static and dynamic imports and re-exports, not `import type`. */
function runtimeImports(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const specifiers: string[] = [];
  const statement = /^\s*(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']/gm;
  for (const match of source.matchAll(statement)) {
    const clause = match[0];
    if (match[1] || (/^\s*import\s*\{[^}]*\}/.test(clause) && /\{\s*(type\s+[\w$]+\s*,?\s*)+\}/.test(clause))) continue;
    specifiers.push(match[2]);
  }
  for (const match of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specifiers.push(match[1]);
  return specifiers.map((specifier) => resolve(file, specifier)).filter((target): target is string => target !== null);
}

function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  for (const extension of EXTENSIONS) if (known.has(base + extension)) return base + extension;
  return null;
}

const graph = new Map(files.map((file) => [file, runtimeImports(file)]));

/** Tarjan's strongly connected components: each with more than one file (or a file importing itself) is a cycle. */
function cycles(): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    order.set(file, index);
    low.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
    if (low.get(file) === order.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || graph.get(file)!.includes(file)) found.push(component.sort());
    }
  };
  for (const file of files) if (!order.has(file)) visit(file);
  return found;
}

describe("the house", () => {
  it("reads the tree it checks", () => {
    expect(files.length).toBeGreaterThan(300);
    expect(graph.get("lib/operations/index.ts")!.some((file) => file.startsWith("modules/"))).toBe(true);
  });

  it("has no import cycle", () => {
    expect(cycles()).toEqual([]);
  });

  it("keeps each domain in one folder under modules/, saying what it owns", () => {
    expect(fs.existsSync("lib/services")).toBe(false);
    for (const domain of fs.readdirSync("modules")) {
      const readme = path.join("modules", domain, "README.md");
      expect(fs.existsSync(readme), `${readme} says what the domain owns`).toBe(true);
      expect(fs.readFileSync(readme, "utf8").trim().length).toBeGreaterThan(40);
    }
  });

  it("lets a domain use another only through its services, schemas and texts", () => {
    const crossings: string[] = [];
    for (const file of files.filter((file) => file.startsWith("modules/"))) {
      const domain = file.split("/")[1];
      const source = fs.readFileSync(file, "utf8");
      for (const match of source.matchAll(/(?:from|import\()\s*["']([^"']+)["']/g)) {
        const target = resolve(file, match[1]);
        if (!target?.startsWith("modules/")) continue;
        const [, other, part] = target.split("/");
        if (other !== domain && !PUBLIC_PARTS.has(part)) crossings.push(`${file} -> ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
