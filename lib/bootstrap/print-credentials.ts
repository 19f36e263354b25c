import type { DemoCredentials } from "./demo-seed";

/** Printed once, when the demo is seeded: secrets are not stored in a readable form afterwards. */
export function printDemoCredentials(c: DemoCredentials, origin: string): void {
  const basic = Buffer.from(`${c.clientId}:${c.clientSecret}`).toString("base64");
  console.log(
    [
      "",
      "=== Demo organization seeded (these secrets are shown only now) ===",
      `Dashboard:      ${origin}/admin  (email ${c.adminEmail}  password ${c.adminPassword})`,
      `API client_id:  ${c.clientId}`,
      `API secret:     ${c.clientSecret}`,
      `Root company:   ${c.rootCompanyId}`,
      `Subscribe page: ${origin}/subscribe/${c.subscribeListUuid}`,
      `Try it:         curl -s -X POST -H 'Authorization: Basic ${basic}' ${origin}/v3/access/user/basic`,
      "===================================================================",
      "",
    ].join("\n"),
  );
}
