import Link from "next/link";

export default function HomePage() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-semibold">Förening service</h1>
      <p className="mt-3 text-slate-700">
        Company register with leisure-card (Fritidskortet) enrollment status, newsletter subscription lists and a JSON
        API for integrators.
      </p>
      <ul className="mt-6 list-disc space-y-2 pl-6">
        <li>
          <Link className="text-blue-700 underline" href="/docs">
            API reference
          </Link>{" "}
          (<a className="text-blue-700 underline" href="/v3/openapi.json">openapi.json</a>)
        </li>
      </ul>
    </main>
  );
}
