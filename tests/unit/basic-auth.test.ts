// Basic credentials of the token endpoint: parsed as the contract says, and form-url-decoded as RFC 6749 section 2.3.1
// has OAuth clients encode them (openid-client's own encoder makes the headers here).
import { randomBytes } from "node:crypto";
import * as oauth from "openid-client";
import { describe, expect, it } from "vitest";
import { formUrlDecoded, parseBasicCredentials, readBasicCredentials } from "@/lib/http/basic-auth";

const basic = (text: string) => `Basic ${Buffer.from(text, "utf8").toString("base64")}`;

/** The Authorization header openid-client sends with client_secret_basic. */
function openIdClientHeader(clientId: string, clientSecret: string): string {
  const headers = new Headers();
  const as = { issuer: "https://example.test", token_endpoint: "https://example.test/token" };
  oauth.ClientSecretBasic(clientSecret)(as, { client_id: clientId }, new URLSearchParams(), headers);
  return headers.get("authorization")!;
}

/** As modules/access/services/api-keys.ts issues them. */
const issuedId = () => `ck_${randomBytes(18).toString("base64url")}`;
const issuedSecret = () => randomBytes(32).toString("base64url");

function refusal(run: () => unknown): { status: number; message: string } | undefined {
  try {
    run();
  } catch (error) {
    return { status: (error as { status: number }).status, message: (error as Error).message };
  }
  return undefined;
}

describe("formUrlDecoded", () => {
  it("reads openid-client's encoding of issued credentials back to the credentials", () => {
    for (let i = 0; i < 200; i++) {
      const [clientId, clientSecret] = [issuedId(), issuedSecret()];
      const header = openIdClientHeader(clientId, clientSecret);
      expect(formUrlDecoded(parseBasicCredentials(header))).toEqual({ clientId, clientSecret });
    }
    // `_` and `-` are what the encoder changes: ck%5F…, %2D.
    const raw = parseBasicCredentials(openIdClientHeader("ck_a-b", "s-_.~"));
    expect(raw).toEqual({ clientId: "ck%5Fa%2Db", clientSecret: "s%2D%5F%2E%7E" });
    expect(formUrlDecoded(raw)).toEqual({ clientId: "ck_a-b", clientSecret: "s-_.~" });
  });

  it("leaves issued credentials sent raw unchanged (they hold no `%` and no `+`)", () => {
    for (let i = 0; i < 200; i++) {
      const credentials = { clientId: issuedId(), clientSecret: issuedSecret() };
      expect(credentials.clientId + credentials.clientSecret).not.toMatch(/[%+]/);
      expect(formUrlDecoded(credentials)).toEqual(credentials);
    }
  });

  it("decodes `+` as a space and `%2B` as a plus; leaves malformed `%` sequences as they are", () => {
    expect(formUrlDecoded({ clientId: "a+b%2Bc", clientSecret: "%zz%4%" })).toEqual({
      clientId: "a b+c",
      clientSecret: "%zz%4%",
    });
    expect(formUrlDecoded({ clientId: "%C3%A5", clientSecret: "%FF" })).toEqual({
      clientId: "å",
      clientSecret: "\uFFFD",
    });
    expect(openIdClientHeader("a b", "x")).toBe(basic("a+b:x"));
  });

  it("refuses control characters that only the decoding reveals, as the raw header's are refused", () => {
    for (const credentials of [
      { clientId: "ck%00", clientSecret: "s" },
      { clientId: "ck", clientSecret: "s%0A" },
      { clientId: "ck", clientSecret: "%7F" },
    ]) {
      expect(refusal(() => formUrlDecoded(credentials))).toEqual({
        status: 401,
        message: 'invalid "Basic" credentials',
      });
    }
  });
});

describe("parseBasicCredentials and readBasicCredentials", () => {
  it("parse client_id:client_secret, the secret keeping any further colon", () => {
    expect(parseBasicCredentials(basic("ck_1:a:b"))).toEqual({ clientId: "ck_1", clientSecret: "a:b" });
    expect(readBasicCredentials(`basic   ${Buffer.from("x:y").toString("base64")}  `)).toEqual({
      clientId: "x",
      clientSecret: "y",
    });
  });

  it("no Basic credentials: parse answers 401 `Missing or invalid Authorization header`, read answers null", () => {
    for (const header of [null, "Bearer abc", "Basic", "Basic   ", "Basicabc"]) {
      expect(readBasicCredentials(header), String(header)).toBeNull();
      expect(refusal(() => parseBasicCredentials(header))).toEqual({
        status: 401,
        message: "Missing or invalid Authorization header",
      });
    }
  });

  it('a value that is not base64 of id:secret is 401 `invalid "Basic" credentials` for both', () => {
    for (const header of ["Basic !!!", basic("no-colon"), basic(":secret"), basic("id:"), basic("id\u0000:secret")]) {
      const expected = { status: 401, message: 'invalid "Basic" credentials' };
      expect(
        refusal(() => parseBasicCredentials(header)),
        header,
      ).toEqual(expected);
      expect(
        refusal(() => readBasicCredentials(header)),
        header,
      ).toEqual(expected);
    }
  });
});
