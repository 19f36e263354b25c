// The token endpoint (POST /v3/access/user/basic) over raw HTTP: the contract's requests unchanged, Basic credentials
// form-url-decoded (RFC 6749 section 2.3.1), the OAuth 2.0 grants and refusals, and which rate limit each spends. The
// contract's own cases are in auth-tokens.test.ts; the ones here check that the new reading changed none of them.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { sha256Hex } from "@/lib/crypto";
import { basicHeader, call, makeApiKey, tokensFor, uniqueIp } from "../helpers";
import { familyOf, formUrlEncode, pastReuseGrace, REFRESH, TOKEN_PATH, tokenRequest } from "../oauth";

describe("the contract's requests answer as before", () => {
  it("no body and raw Basic credentials: a TokenResponse; an empty form body reads the same", async () => {
    const key = await makeApiKey();
    const authorization = basicHeader(key.client_id, key.client_secret);
    const plain = await call(TOKEN_PATH, { method: "POST", headers: { authorization } });
    expect(plain.status).toBe(200);
    expect(Object.keys(plain.json).sort()).toEqual([
      "access_token",
      "expires_in",
      "refresh_expires_ts",
      "refresh_token",
      "token_type",
    ]);
    const emptyForm = await tokenRequest({}, { authorization });
    expect(emptyForm.status).toBe(200);
    expect(await familyOf(emptyForm.json.refresh_token)).not.toBe(await familyOf(plain.json.refresh_token));
  });

  it("its 401 texts: no credentials, unparseable Basic, no matching record", async () => {
    const key = await makeApiKey();
    const cases: [Record<string, string>, string][] = [
      [{}, "Missing or invalid Authorization header"],
      [{ authorization: "Bearer x" }, "Missing or invalid Authorization header"],
      [{ authorization: "Basic !!!" }, 'invalid "Basic" credentials'],
      [
        { authorization: basicHeader(key.client_id, "wrong") },
        "provided client_id and client_secret does not match any record",
      ],
    ];
    for (const [headers, reason] of cases) {
      const res = await call(TOKEN_PATH, { method: "POST", headers });
      expect([res.status, res.json], JSON.stringify(headers)).toEqual([401, { reason }]);
    }
  });
});

describe("Basic credentials form-url-decoded (RFC 6749 section 2.3.1)", () => {
  it("fully percent-encoded id and secret get a pair; a wrong encoded secret is the contract's 401", async () => {
    const key = await makeApiKey();
    const encoded = await call(TOKEN_PATH, {
      method: "POST",
      headers: { authorization: basicHeader(formUrlEncode(key.client_id), formUrlEncode(key.client_secret)) },
    });
    expect(encoded.status).toBe(200);
    const wrong = await call(TOKEN_PATH, {
      method: "POST",
      headers: { authorization: basicHeader(formUrlEncode(key.client_id), formUrlEncode(`${key.client_secret}x`)) },
    });
    expect([wrong.status, wrong.json]).toEqual([
      401,
      { reason: "provided client_id and client_secret does not match any record" },
    ]);
    // `+` is a space once decoded, so it never matches an issued id; `%2B` is a plus.
    const plus = await call(TOKEN_PATH, {
      method: "POST",
      headers: { authorization: basicHeader(key.client_id.replace("_", "+"), key.client_secret) },
    });
    expect(plus.status).toBe(401);
  });

  it('a control character that only the decoding reveals (%00, which PostgreSQL cannot compare) is `invalid "Basic" credentials`', async () => {
    for (const [id, secret] of [
      ["ck%5Fx%00", "s"],
      ["ck_x", "%0A"],
    ]) {
      const res = await call(TOKEN_PATH, { method: "POST", headers: { authorization: basicHeader(id, secret) } });
      expect([res.status, res.json]).toEqual([401, { reason: 'invalid "Basic" credentials' }]);
    }
  });
});

describe("OAuth 2.0 token requests", () => {
  it("grant_type=client_credentials starts a new family; an empty scope or grant_type is none", async () => {
    const key = await makeApiKey();
    const authorization = basicHeader(key.client_id, key.client_secret);
    const a = await tokenRequest({ grant_type: "client_credentials" }, { authorization });
    const b = await tokenRequest({ grant_type: "client_credentials", scope: "" }, { authorization });
    // A parameter without a value is as if omitted (RFC 6749 section 3.1): no grant_type is the contract's request.
    const c = await tokenRequest({ grant_type: "" }, { authorization });
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(await familyOf(a.json.refresh_token)).not.toBe(await familyOf(b.json.refresh_token));
    // JSON reads the same as a form.
    const json = await call(TOKEN_PATH, {
      method: "POST",
      headers: { authorization },
      body: { grant_type: "client_credentials" },
    });
    expect(json.status).toBe(200);
  });

  it("400 {reason, error}: unsupported_grant_type, invalid_scope, invalid_request without refresh_token", async () => {
    const key = await makeApiKey();
    const authorization = basicHeader(key.client_id, key.client_secret);
    const cases: [Record<string, string>, unknown][] = [
      [
        { grant_type: "password", username: "a", password: "b" },
        { reason: "unsupported grant_type: use client_credentials or refresh_token", error: "unsupported_grant_type" },
      ],
      [
        { grant_type: "client_credentials", scope: "read" },
        {
          reason: "scope is not supported: a token has the rights of its API key's access group",
          error: "invalid_scope",
        },
      ],
      [{ grant_type: "refresh_token" }, { reason: "refresh_token: required", error: "invalid_request" }],
      [
        { grant_type: "refresh_token", refresh_token: "" },
        { reason: "refresh_token: required", error: "invalid_request" },
      ],
    ];
    for (const [form, body] of cases) {
      const res = await tokenRequest(form, { authorization });
      expect([res.status, res.json], JSON.stringify(form)).toEqual([400, body]);
    }
    // A field that is not text is the ValidationError body; a body in another media type 415.
    const notText = await call(TOKEN_PATH, { method: "POST", headers: { authorization }, body: { grant_type: 42 } });
    expect([notText.status, notText.json.code]).toEqual([400, "validation_error"]);
    const plainText = await call(TOKEN_PATH, {
      method: "POST",
      headers: { authorization, "content-type": "text/plain" },
      rawBody: "grant_type=client_credentials",
    });
    expect(plainText.status).toBe(415);
  });

  it("client_secret_post: credentials in the body; the same ones in both places (Scalar sends both) pass, differing ones are 400", async () => {
    const key = await makeApiKey();
    const other = await makeApiKey();
    const post = { grant_type: "client_credentials", client_id: key.client_id, client_secret: key.client_secret };
    expect((await tokenRequest(post)).status).toBe(200);
    expect((await tokenRequest(post, { authorization: basicHeader(key.client_id, key.client_secret) })).status).toBe(
      200,
    );
    const differing = await tokenRequest(post, { authorization: basicHeader(other.client_id, other.client_secret) });
    expect([differing.status, differing.json]).toEqual([
      400,
      { reason: "the client credentials in the body differ from the Authorization header's", error: "invalid_request" },
    ]);
    const wrong = await tokenRequest({ ...post, client_secret: "wrong" });
    expect([wrong.status, wrong.json]).toEqual([
      401,
      { reason: "provided client_id and client_secret does not match any record", error: "invalid_client" },
    ]);
    const idOnly = await tokenRequest({ grant_type: "client_credentials", client_id: key.client_id });
    expect([idOnly.status, idOnly.json]).toEqual([
      401,
      { reason: "Missing or invalid Authorization header", error: "invalid_client" },
    ]);
    const malformed = await tokenRequest({ grant_type: "client_credentials" }, { authorization: "Basic !!!" });
    expect([malformed.status, malformed.json]).toEqual([
      401,
      { reason: 'invalid "Basic" credentials', error: "invalid_client" },
    ]);
  });

  it("refresh_token: the client must authenticate, the token must be its own (another's is refused and left working), an expired one is invalid_grant `expired`", async () => {
    const key = await makeApiKey();
    const other = await makeApiKey();
    const pair = await tokensFor(key);
    const unauthenticated = await tokenRequest({ grant_type: "refresh_token", refresh_token: pair.refresh_token });
    expect([unauthenticated.status, unauthenticated.json]).toEqual([
      401,
      { reason: "Missing or invalid Authorization header", error: "invalid_client" },
    ]);
    const byOther = await tokenRequest(
      { grant_type: "refresh_token", refresh_token: pair.refresh_token },
      { authorization: basicHeader(other.client_id, other.client_secret) },
    );
    expect([byOther.status, byOther.json]).toEqual([400, { reason: "forbidden", error: "invalid_grant" }]);
    const unknown = await tokenRequest(
      { grant_type: "refresh_token", refresh_token: "not-ours" },
      { authorization: basicHeader(key.client_id, key.client_secret) },
    );
    expect([unknown.status, unknown.json]).toEqual([400, { reason: "forbidden", error: "invalid_grant" }]);
    // Another client's attempt neither used nor revoked it.
    const own = await tokenRequest(
      { grant_type: "refresh_token", refresh_token: pair.refresh_token },
      { authorization: basicHeader(key.client_id, key.client_secret) },
    );
    expect(own.status).toBe(200);
    expect((await call("/v3/company", { token: pair.access_token })).status).toBe(200);

    await db().refreshToken.update({
      where: { tokenHash: sha256Hex(own.json.refresh_token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await tokenRequest(
      { grant_type: "refresh_token", refresh_token: own.json.refresh_token },
      { authorization: basicHeader(key.client_id, key.client_secret) },
    );
    expect([expired.status, expired.json]).toEqual([400, { reason: "expired", error: "invalid_grant" }]);
  });

  it("a token rotated at the token endpoint is reuse at the refresh endpoint too (one rotation path)", async () => {
    const key = await makeApiKey();
    const pair = await tokensFor(key);
    const rotated = await tokenRequest(
      { grant_type: "refresh_token", refresh_token: pair.refresh_token },
      { authorization: basicHeader(key.client_id, key.client_secret) },
    );
    expect(rotated.status).toBe(200);
    await pastReuseGrace();
    const reuse = await call(REFRESH, { method: "POST", body: { refresh_token: pair.refresh_token } });
    expect([reuse.status, reuse.json]).toEqual([403, { reason: "forbidden" }]);
    expect((await call("/v3/company", { token: rotated.json.access_token })).status).toBe(422);
  });

  it("10 concurrent refresh grants with one token: exactly one new pair, the rest invalid_grant, no 500", async () => {
    const key = await makeApiKey();
    const pair = await tokensFor(key);
    const authorization = basicHeader(key.client_id, key.client_secret);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        tokenRequest({ grant_type: "refresh_token", refresh_token: pair.refresh_token }, { authorization }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(400)]);
    const winner = answers.find((a) => a.status === 200)!;
    expect((await call("/v3/company", { token: winner.json.access_token })).status).toBe(200);
  });
});

describe("rate limits of the token endpoint", () => {
  it("refresh grants spend the refresh budget (20/min, shared with the refresh endpoint), not the client-credentials one (10/min)", async () => {
    const key = await makeApiKey();
    const authorization = basicHeader(key.client_id, key.client_secret);
    const ip = uniqueIp();
    const exchange = () => call(TOKEN_PATH, { method: "POST", headers: { authorization }, ip });
    let refreshToken = (await exchange()).json.refresh_token as string;
    for (let i = 0; i < 9; i++) expect((await exchange()).status).toBe(200);
    const limited = await exchange();
    expect([limited.status, limited.json]).toEqual([429, { reason: "Too Many Requests" }]);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    // The Basic budget is spent; refresh grants from the same IP still work, 20 of them counted with the refresh endpoint.
    const refreshGrant = () =>
      tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken }, { authorization, ip });
    for (let i = 0; i < 15; i++) {
      const res = await refreshGrant();
      expect(res.status, `refresh grant ${i + 1}`).toBe(200);
      refreshToken = res.json.refresh_token;
    }
    for (let i = 0; i < 5; i++)
      expect((await call(REFRESH, { method: "POST", body: { refresh_token: "x" }, ip })).status).toBe(403);
    const refreshLimited = await refreshGrant();
    expect([refreshLimited.status, refreshLimited.json]).toEqual([429, { reason: "too many requests" }]);
  });
});
