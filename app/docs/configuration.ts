// Scalar's configuration for /docs (https://scalar.com, @scalar/api-reference). Everything that would reach beyond
// this server is off: no proxy (the "try it" console calls this origin directly), no telemetry, no remote fonts, no
// link to Scalar's hosted client, no developer tools, agent or MCP (the parts that use Scalar's services).
// e2e/docs.spec.ts checks that the page asks nothing of another origin. The start script adds the server.
import type { ApiReferenceConfiguration } from "@scalar/api-reference";

// Code samples in curl, JavaScript (fetch) and Python (requests): every other client of Scalar's list is hidden.
const hiddenClients: Record<string, true | string[]> = {
  c: true,
  clojure: true,
  csharp: true,
  dart: true,
  fsharp: true,
  go: true,
  http: true,
  java: true,
  julia: true,
  kotlin: true,
  node: true,
  objc: true,
  ocaml: true,
  php: true,
  powershell: true,
  r: true,
  ruby: true,
  rust: true,
  swift: true,
  shell: ["httpie", "wget"],
  js: ["axios", "jquery", "ofetch", "xhr"],
  python: ["python3", "aiohttp", "httpx_sync", "httpx_async"],
};

export const scalarConfiguration = {
  url: "/v3/openapi.json",
  theme: "default",
  layout: "modern",
  forceDarkModeState: "light",
  hideDarkModeToggle: true,
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  documentDownloadType: "json",
  persistAuth: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  hiddenClients,
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
  orderSchemaPropertiesBy: "preserve",
  // The console starts on OAuth 2.0 client credentials: paste client_id and client_secret, press Authorize, and every
  // request carries the token. Bearer (a token got by hand) and Basic (for the token endpoint) are the other choices.
  authentication: { preferredSecurityScheme: "oauth2" },
} satisfies Partial<ApiReferenceConfiguration> & { agent: { disabled: boolean } };
