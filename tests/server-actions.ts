// Server actions called over HTTP as the browser calls them: the action's id from the build's server-reference
// manifest, the arguments encoded by React's own encodeReply (a string for plain JSON, multipart for FormData), the
// answer read by React's own flight decoder. Also lists the actions the sources export, so a test can hold the two
// lists against each other.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";
import { baseUrl, uniqueIp } from "./helpers";

interface FlightClient {
  encodeReply(value: unknown): Promise<string | FormData>;
  createFromReadableStream(
    stream: ReadableStream<Uint8Array>,
    options: { serverConsumerManifest: object },
  ): Promise<unknown>;
}
// The production build of the client half of the protocol the server speaks (the server runs a production build too).
const flight = createRequire(import.meta.url)(
  "next/dist/compiled/react-server-dom-webpack/cjs/react-server-dom-webpack-client.node.production.js",
) as FlightClient;

/** "app/…/actions.ts#exportName": how actions are named in tests, after the manifest's filename and exportedName. */
export type ActionKey = string;

export interface ManifestAction {
  id: string;
  key: ActionKey;
  /** The app routes whose pages use the action ("app/admin/(dashboard)/lists/page"). */
  pages: string[];
}

/** Every server action of the production build in .next (the server the tests run against). */
export function manifestActions(): ManifestAction[] {
  const manifest = JSON.parse(fs.readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { workers: Record<string, unknown>; filename: string; exportedName: string }>;
    edge: Record<string, unknown>;
  };
  if (Object.keys(manifest.edge).length) throw new Error("edge server actions: the matrix only knows node actions");
  return Object.entries(manifest.node).map(([id, entry]) => ({
    id,
    key: `${entry.filename}#${entry.exportedName}`,
    pages: Object.keys(entry.workers),
  }));
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every export of every module under app/ that starts with the "use server" directive: each is a server action. */
export function sourceActions(): ActionKey[] {
  return filesUnder("app").flatMap((file) => {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
    const first = source.statements[0];
    const isServerModule =
      first &&
      ts.isExpressionStatement(first) &&
      ts.isStringLiteral(first.expression) &&
      first.expression.text === "use server";
    if (!isServerModule) return [];
    const names: string[] = [];
    for (const statement of source.statements) {
      const exported =
        ts.canHaveModifiers(statement) &&
        ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        names.push(...statement.exportClause.elements.map((e) => e.name.text));
      } else if (!exported) continue;
      else if (ts.isFunctionDeclaration(statement) && statement.name) names.push(statement.name.text);
      else if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
      } else throw new Error(`${file}: an export the matrix cannot read`);
    }
    return names.map((name) => `${file.split(path.sep).join("/")}#${name}`);
  });
}

/** A page path for an app route: route groups dropped, dynamic segments filled with a placeholder. */
function pagePath(route: string): string {
  const segments = route
    .replace(/^app/, "")
    .replace(/\/page$/, "")
    .split("/")
    .filter((s) => s && !/^\(.*\)$/.test(s))
    .map((s) => (/^\[.*\]$/.test(s) ? "0" : s));
  return `/${segments.join("/")}`;
}

// An action that sets a cookie also answers the page's re-rendered tree, which names client components. The test
// reads only the action's value, so every client module resolves to a placeholder that is never loaded.
const anyClientModule = new Proxy({}, { get: (_target, id) => ({ "*": { id, chunks: [], name: "" } }) });

export interface ActionAnswer {
  /** What the action returned, decoded from the flight stream. */
  value: unknown;
  setCookies: string[];
  /** Where an action that ends in redirect() sends the browser (Next's x-action-redirect header). */
  redirect?: string;
}

/** The raw POST of an action call: `origin` other than the server's own is a cross-site request (CSRF tests). */
export async function postAction(
  action: ManifestAction,
  args: unknown[],
  options: { cookie?: string; ip?: string; origin?: string } = {},
) {
  const body = await flight.encodeReply(args);
  const headers: Record<string, string> = {
    "next-action": action.id,
    origin: options.origin ?? baseUrl(),
    accept: "text/x-component",
    "x-forwarded-for": options.ip ?? uniqueIp(),
  };
  if (typeof body === "string") headers["content-type"] = "text/plain;charset=UTF-8";
  if (options.cookie) headers.cookie = options.cookie;
  return fetch(`${baseUrl()}${pagePath(action.pages[0])}`, { method: "POST", headers, body, redirect: "manual" });
}

/**
 * Calls an action the way React's client does from a page that uses it: POST to the page with `Next-Action`, the
 * server's own Origin, `Accept: text/x-component`, and the encoded arguments. Anything but a 200 flight answer fails.
 */
export async function callAction(
  action: ManifestAction,
  args: unknown[],
  options: { cookie?: string; ip?: string } = {},
): Promise<ActionAnswer> {
  const response = await postAction(action, args, options);
  const text = await response.text();
  const redirect = response.headers.get("x-action-redirect")?.split(";")[0];
  if (redirect) return { value: undefined, setCookies: response.headers.getSetCookie(), redirect };
  if (response.status !== 200 || !response.headers.get("content-type")?.startsWith("text/x-component")) {
    throw new Error(
      `${action.key}: HTTP ${response.status} ${response.headers.get("content-type")}\n${text.slice(0, 500)}`,
    );
  }
  const root = (await flight.createFromReadableStream(new Response(text).body!, {
    serverConsumerManifest: { moduleMap: anyClientModule, serverModuleMap: null, moduleLoading: null },
  })) as { a: Promise<unknown> };
  return { value: await root.a, setCookies: response.headers.getSetCookie() };
}
