// An integrator's program against a client generated from /v3/openapi.json: openapi-typescript with its default
// settings writes ./api.d.ts beside this file, and openapi-fetch calls the API with those types.
// tests/integration/typed-client.test.ts generates the types, type-checks this file with tsc and runs it. Not part
// of the project's own tsc run (tsconfig.json excludes this folder): ./api.d.ts exists only while that test runs.
import createClient from "openapi-fetch";
import type { paths } from "./api";

export async function run(baseUrl: string, credentials: { clientId: string; clientSecret: string }) {
  const client = createClient<paths>({ baseUrl });
  const basic = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString("base64")}`;
  const tokens = await client.POST("/access/user/basic", { headers: { Authorization: basic } });
  if (!tokens.data) throw new Error(`no token: ${JSON.stringify(tokens.error)}`);
  const headers = { Authorization: `Bearer ${tokens.data.access_token}` };

  // Only `page`: every other field has a default the server fills in.
  const members = await client.POST("/member/pagination", { headers, body: { page: 2 } });
  if (!members.data) throw new Error(`no members: ${JSON.stringify(members.error)}`);

  const companies = await client.GET("/company/hierarchy", { headers });
  if (!companies.data) throw new Error(`no companies: ${JSON.stringify(companies.error)}`);
  const search = await client.GET("/company/search", {
    headers,
    params: { query: { q: companies.data[0].name.slice(0, 4) } },
  });
  if (!search.data) throw new Error(`no search: ${JSON.stringify(search.error)}`);

  return {
    page: members.data.page,
    limit: members.data.limit,
    memberCount: members.data.count,
    emails: members.data.members.map((member) => member.email),
    companies: companies.data.map((company) => ({ name: company.name, children: company.children.length })),
    found: search.data.map((company) => company.org_number),
  };
}
