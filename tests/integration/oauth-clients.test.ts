// Standard OAuth 2.0 client libraries against the token endpoint (POST /v3/access/user/basic) of the built server:
// openid-client and simple-oauth2 configured as an integrator would (the token URL and an API key's credentials), each
// through client credentials, a bearer call, refresh and refused reuse. Raw requests: oauth-token-requests.test.ts.
import * as openid from "openid-client";
import { ClientCredentials } from "simple-oauth2";
import { describe, expect, it } from "vitest";
import { baseUrl, call, makeApiKey, uniqueIp } from "../helpers";
import { familyOf, formUrlEncode, pastReuseGrace, TOKEN_PATH } from "../oauth";

type Key = Awaited<ReturnType<typeof makeApiKey>>;

/**
 * openid-client configured by hand (no discovery: the server publishes no metadata), over http in tests, every request
 * from one IP; `sent` collects the Authorization headers it sent to the token endpoint.
 */
function openIdClient(key: Key, authentication?: openid.ClientAuth) {
  const server = { issuer: baseUrl(), token_endpoint: `${baseUrl()}${TOKEN_PATH}` };
  const config = new openid.Configuration(server, key.client_id, key.client_secret, authentication);
  openid.allowInsecureRequests(config);
  const ip = uniqueIp();
  const sent: (string | null)[] = [];
  config[openid.customFetch] = (url, options) => {
    const headers = new Headers(options.headers);
    headers.set("x-forwarded-for", ip);
    if (url === server.token_endpoint) sent.push(headers.get("authorization"));
    return fetch(url, { ...options, headers } as RequestInit);
  };
  return { config, sent };
}

async function companyWith(config: openid.Configuration, accessToken: string) {
  const res = await openid.fetchProtectedResource(config, accessToken, new URL(`${baseUrl()}/v3/company`), "GET");
  return { status: res.status, json: await res.json() };
}

/** The error openid-client throws for a refused token request. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; error: string; reason: unknown }> {
  const error = await promise.then(
    () => expect.unreachable("the request was not refused"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(openid.ResponseBodyError);
  const { status, error: code, cause } = error as openid.ResponseBodyError;
  return { status, error: code, reason: cause.reason };
}

describe("openid-client 6", () => {
  it("client_secret_basic (credentials form-url-encoded): client credentials, a bearer call, refresh, reuse revokes the family", async () => {
    const key = await makeApiKey();
    const { config, sent } = openIdClient(key, openid.ClientSecretBasic(key.client_secret));

    const first = await openid.clientCredentialsGrant(config);
    // What made it fail before: `ck_` sent as `ck%5F`, as RFC 6749 section 2.3.1 has clients encode it.
    const [clientId, clientSecret] = Buffer.from(sent[0]!.replace(/^Basic /, ""), "base64")
      .toString()
      .split(":");
    expect(clientId).toBe(formUrlEncode(key.client_id));
    expect(clientId.startsWith("ck%5F")).toBe(true);
    expect(clientSecret).toBe(formUrlEncode(key.client_secret));
    expect(first.token_type.toLowerCase()).toBe("bearer");
    expect(first.expires_in).toBe(3600);
    expect((await companyWith(config, first.access_token)).json.company_id).toBe(key.company_id);

    const second = await openid.refreshTokenGrant(config, first.refresh_token!);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // Rotated within its family, as the refresh endpoint does, not a new pair from the credentials.
    expect(await familyOf(second.refresh_token!)).toBe(await familyOf(first.refresh_token!));
    expect((await companyWith(config, second.access_token)).status).toBe(200);

    await pastReuseGrace();
    expect(await refusal(openid.refreshTokenGrant(config, first.refresh_token!))).toEqual({
      status: 400,
      error: "invalid_grant",
      reason: "forbidden",
    });
    // Reuse revoked the family: the newest refresh token and the family's access tokens end now.
    expect(await refusal(openid.refreshTokenGrant(config, second.refresh_token!))).toEqual({
      status: 400,
      error: "invalid_grant",
      reason: "forbidden",
    });
    expect(await companyWith(config, second.access_token)).toEqual({ status: 422, json: { reason: "invalid token" } });
    // The client's credentials still work: a new family.
    const again = await openid.clientCredentialsGrant(config);
    expect((await companyWith(config, again.access_token)).status).toBe(200);
  });

  it("its default, client_secret_post (credentials in the form body), gets and refreshes tokens too", async () => {
    const key = await makeApiKey();
    const { config, sent } = openIdClient(key);
    const first = await openid.clientCredentialsGrant(config);
    expect(sent[0]).toBeNull();
    const second = await openid.refreshTokenGrant(config, first.refresh_token!);
    expect((await companyWith(config, second.access_token)).json.company_id).toBe(key.company_id);
  });

  it("a scope is refused with invalid_scope; a wrong secret is 401 invalid_client with the contract's reason", async () => {
    const key = await makeApiKey();
    const { config } = openIdClient(key, openid.ClientSecretBasic(key.client_secret));
    expect(await refusal(openid.clientCredentialsGrant(config, { scope: "members:read" }))).toMatchObject({
      status: 400,
      error: "invalid_scope",
    });
    const wrong = openIdClient(key, openid.ClientSecretBasic("not-the-secret")).config;
    expect(await refusal(openid.clientCredentialsGrant(wrong))).toEqual({
      status: 401,
      error: "invalid_client",
      reason: "provided client_id and client_secret does not match any record",
    });
  });
});

describe("simple-oauth2 5", () => {
  for (const authorizationMethod of ["header", "body"] as const) {
    it(`ClientCredentials with credentials in the ${authorizationMethod}: getToken, a bearer call, refresh`, async () => {
      const key = await makeApiKey();
      const client = new ClientCredentials({
        client: { id: key.client_id, secret: key.client_secret },
        auth: { tokenHost: baseUrl(), tokenPath: TOKEN_PATH },
        options: { authorizationMethod },
        http: { headers: { "x-forwarded-for": uniqueIp() } },
      });
      const token = await client.getToken({});
      expect(token.expired()).toBe(false);
      const company = await call("/v3/company", { token: String(token.token.access_token) });
      expect(company.json.company_id).toBe(key.company_id);

      const refreshed = await token.refresh();
      expect(refreshed.token.refresh_token).not.toBe(token.token.refresh_token);
      expect(await familyOf(String(refreshed.token.refresh_token))).toBe(
        await familyOf(String(token.token.refresh_token)),
      );
      expect((await call("/v3/company", { token: String(refreshed.token.access_token) })).status).toBe(200);
      // The used refresh token is refused, with the error code simple-oauth2 passes on.
      await pastReuseGrace();
      const reuse = await token.refresh().then(
        () => null,
        (e: { output?: { statusCode: number }; data?: { payload?: unknown } }) => e,
      );
      expect(reuse?.output?.statusCode).toBe(400);
      expect(reuse?.data?.payload).toEqual({ reason: "forbidden", error: "invalid_grant" });
    });
  }
});
