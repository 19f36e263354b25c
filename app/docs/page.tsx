// /docs: the interactive API reference. Scalar renders /v3/openapi.json (its introduction is the getting-started
// guide, lib/openapi/guide.ts) with a "try it" console against this server and code samples. Rendered per request so
// the script carries the request's CSP nonce; the script is this app's own copy of Scalar (app/docs/scalar-bundle.ts).
import type { Metadata } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import { scalarConfiguration } from "./configuration";
import { configurationElementId, mountElementId, scalarScriptPath, scalarScriptVersion } from "./scalar-bundle";

export const metadata: Metadata = { title: "API reference · Förening service" };

export default async function DocsPage() {
  await connection();
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <>
      {/* Scalar gives its stylesheet the nonce it finds here (React puts <meta> in the head). */}
      <meta property="csp-nonce" content={nonce} />
      <a
        href={`#${mountElementId}`}
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-blue-800 focus:underline"
      >
        <span lang="sv">Till API-referensen</span> · <span lang="en">Skip to the API reference</span>
      </a>
      {/* The reference (in English, the API's language) goes at the end of <body>: app/docs/scalar-bundle.ts. */}
      <noscript>
        <p lang="en" className="p-6">
          The interactive reference needs JavaScript. The machine-readable document is at{" "}
          <a className="text-blue-800 underline" href="/v3/openapi.json">
            /v3/openapi.json
          </a>
          .
        </p>
      </noscript>
      {/* Data, not code (the browser never runs it); with the nonce all the same, as every script element of a page. */}
      <script
        id={configurationElementId}
        type="application/json"
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: safeJson(scalarConfiguration) }}
      />
      <script nonce={nonce} src={`${scalarScriptPath}?v=${scalarScriptVersion()}`} defer />
    </>
  );
}

/** JSON for a <script> element: "<" escaped, so no value can close the element. */
function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
