// An integrator's first session, over HTTP: credentials from the CLI, token, an authenticated call, refresh, reuse.
import { expect, test } from "@playwright/test";
import { cli } from "./helpers";

test("client credentials -> token -> GET /v3/company -> refresh -> reuse is refused", async ({ request }) => {
  const company = cli(["company:create", "--name", "E2E Förening", "--org-number", "802555-0001"]) as {
    company_id: string;
  };
  const key = cli(["api-key:create", "--name", "e2e", "--company", company.company_id]) as {
    client_id: string;
    client_secret: string;
  };
  const basic = Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64");

  const tokenRes = await request.post("/v3/access/user/basic", { headers: { authorization: `Basic ${basic}` } });
  expect(tokenRes.status()).toBe(200);
  const tokens = await tokenRes.json();
  expect(tokens.token_type).toBe("Bearer");

  const own = await request.get("/v3/company", { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect(own.status()).toBe(200);
  expect(await own.json()).toMatchObject({
    company_id: company.company_id,
    name: "E2E Förening",
    org_number: "802555-0001",
  });

  const refreshed = await request.post("/v3/access/user/oauth/refresh_token", {
    data: { refresh_token: tokens.refresh_token },
  });
  expect(refreshed.status()).toBe(200);
  const next = await refreshed.json();
  expect(next.refresh_token).not.toBe(tokens.refresh_token);

  await new Promise((r) => setTimeout(r, 2100)); // past the concurrent-duplicate grace: a repeat is reuse
  const reuse = await request.post("/v3/access/user/oauth/refresh_token", {
    data: { refresh_token: tokens.refresh_token },
  });
  expect(reuse.status()).toBe(403);
  expect(await reuse.json()).toEqual({ reason: "forbidden" });

  cli(["api-key:revoke", key.client_id]);
  const afterRevoke = await request.get("/v3/company", { headers: { authorization: `Bearer ${next.access_token}` } });
  expect(afterRevoke.status()).toBe(422);
  expect(await afterRevoke.json()).toEqual({ reason: "invalid token" });
});
