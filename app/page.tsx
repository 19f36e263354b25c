// /: what the service is, and the ways in (staff dashboard, API reference).
import Link from "next/link";
import { connection } from "next/server";

const linkClass = "text-blue-800 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700";

export default async function HomePage() {
  // Rendered per request: Next puts the CSP nonce (proxy.ts) on a page's scripts only when it renders it, so prerendered
  // at build time this page carried none and its own CSP blocked every script it has.
  await connection();
  return (
    <main className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-semibold">Förening service</h1>
      <p className="mt-3 text-slate-700">
        Föreningsregister med fritidskortsstatus, nyhetsbrev med prenumerationssidor och ett JSON-API för integrationer.
      </p>
      <p lang="en" className="mt-2 text-slate-700">
        A company register with leisure-card (Fritidskortet) enrollment status, newsletter subscription lists with
        hosted subscribe pages, and a JSON API for integrators.
      </p>
      <ul className="mt-6 space-y-3">
        <li>
          <Link className={linkClass} href="/admin/login">
            Logga in i administrationen
          </Link>{" "}
          <span lang="en" className="text-slate-600">
            (staff dashboard)
          </span>
        </li>
        <li>
          {/* A full page load: /docs starts its reference from the script the server renders, which a client-side
              navigation would not run. */}
          <a className={linkClass} href="/docs">
            API-referens
          </a>{" "}
          <span lang="en" className="text-slate-600">
            (API reference,
          </span>{" "}
          <a className={linkClass} href="/v3/openapi.json">
            openapi.json
          </a>
          <span className="text-slate-600">)</span>
        </li>
      </ul>
    </main>
  );
}
