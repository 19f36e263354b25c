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

// The light theme's greys and method colours, darkened to a contrast of at least 4.5:1 on its backgrounds (axe's
// color-contrast; Scalar's own are 3.2 to 4.3).
const customCss = `.light-mode {
  --scalar-color-2: #5c5c5c;
  --scalar-color-3: #666666;
  --scalar-color-accent: #0063b1;
  --scalar-color-green: #00704a;
  --scalar-color-red: #c20005;
  --scalar-color-yellow: #8a6a00;
  --scalar-color-blue: #00629b;
  --scalar-color-orange: #b33d00;
  --scalar-color-purple: #5203d1;
  --scalar-color-query: #006266;
}`;

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
  customCss,
  // The console starts on OAuth 2.0 client credentials: paste client_id and client_secret, press Authorize, and every
  // request carries the token. Bearer (a token got by hand) and Basic (for the token endpoint) are the other choices.
  authentication: { preferredSecurityScheme: "oauth2" },
} satisfies Partial<ApiReferenceConfiguration> & { agent: { disabled: boolean } };
