// /docs: a readable API reference rendered on the server from the same document as /v3/openapi.json.
import type { Metadata } from "next";
import { connection } from "next/server";
import { buildOpenApiDocument } from "@/lib/openapi/document";

export const metadata: Metadata = { title: "API reference · Förening service" };

type Json = Record<string, unknown>;

const methodColors: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-900",
  post: "bg-blue-100 text-blue-900",
  put: "bg-amber-100 text-amber-900",
  delete: "bg-red-100 text-red-900",
};

function SchemaBlock({ schema, components }: { schema: unknown; components: Record<string, unknown> }) {
  const ref = (schema as Json | undefined)?.$ref;
  const name = typeof ref === "string" ? ref.split("/").pop() : undefined;
  const resolved = name ? components[name] : schema;
  return (
    <div className="mt-1">
      {name && <div className="text-xs font-medium text-slate-600">{name}</div>}
      {/* Focusable so keyboard users can scroll wide schemas (axe: scrollable-region-focusable). */}
      <pre tabIndex={0} className="mt-1 overflow-x-auto rounded bg-slate-900 p-3 text-xs leading-relaxed text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400">
        {JSON.stringify(resolved, null, 2)}
      </pre>
    </div>
  );
}

export default async function DocsPage() {
  // Rendered per request, like /: prerendered at build time it carried no CSP nonce and its own CSP blocked its scripts.
  await connection();
  const doc = buildOpenApiDocument("/v3");
  const components = doc.components.schemas;
  const byTag = new Map<string, { method: string; path: string; op: Json }[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, Json>)) {
      const tag = ((op.tags as string[]) ?? ["Other"])[0];
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, op });
    }
  }
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-semibold">{doc.info.title}</h1>
      <p className="mt-2 text-slate-700">{doc.info.description}</p>
      <p className="mt-2 text-sm text-slate-600">
        Base URL: <code>{"<origin>/v3"}</code> · Machine-readable:{" "}
        <a className="text-blue-700 underline" href="/v3/openapi.json">
          /v3/openapi.json
        </a>
      </p>
      <nav aria-label="Sections" className="mt-6 flex flex-wrap gap-2">
        {[...byTag.keys()].map((tag) => (
          <a key={tag} href={`#${tag}`} className="rounded border border-slate-300 px-2 py-1 text-sm hover:bg-white">
            {tag}
          </a>
        ))}
      </nav>
      {[...byTag.entries()].map(([tag, ops]) => (
        <section key={tag} id={tag} className="mt-10">
          <h2 className="text-2xl font-semibold">{tag}</h2>
          {ops.map(({ method, path, op }) => (
            <article key={`${method} ${path}`} className="mt-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm">
                <span className={`rounded px-2 py-0.5 font-semibold uppercase ${methodColors[method] ?? ""}`}>{method}</span>
                <span>{path}</span>
              </h3>
              <p className="mt-2 font-medium">{op.summary as string}</p>
              {typeof op.description === "string" && <p className="mt-1 text-sm text-slate-700">{op.description}</p>}
              <p className="mt-1 text-xs text-slate-600">
                Auth: {(op.security as Json[]).length ? Object.keys((op.security as Json[])[0]).join(", ") : "none"}
              </p>
              {(op.parameters as Json[]).length > 0 && (
                <div className="mt-3">
                  <h4 className="text-sm font-semibold">Parameters</h4>
                  <ul className="mt-1 list-disc pl-6 text-sm">
                    {(op.parameters as Json[]).map((p) => (
                      <li key={`${p.in}-${p.name}`}>
                        <code>{p.name as string}</code> ({p.in as string}
                        {p.required ? ", required" : ""})
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {op.requestBody != null && (
                <div className="mt-3">
                  <h4 className="text-sm font-semibold">Request body</h4>
                  <SchemaBlock
                    schema={((op.requestBody as Json).content as Record<string, Json>)["application/json"].schema}
                    components={components}
                  />
                </div>
              )}
              <div className="mt-3">
                <h4 className="text-sm font-semibold">Responses</h4>
                <dl className="mt-1 space-y-2 text-sm">
                  {Object.entries(op.responses as Record<string, Json>).map(([status, response]) => {
                    const content = response.content as Record<string, Json> | undefined;
                    const schema = content ? Object.values(content)[0]?.schema : undefined;
                    return (
                      <div key={status}>
                        <dt className="font-mono font-semibold">{status}</dt>
                        <dd>
                          {response.description as string}
                          {schema != null && <SchemaBlock schema={schema} components={components} />}
                        </dd>
                      </div>
                    );
                  })}
                </dl>
              </div>
            </article>
          ))}
        </section>
      ))}
    </main>
  );
}
