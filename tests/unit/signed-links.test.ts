// Signed links name their purpose: a global opt-out token does not open the preference page, and a preference token
// works only for its own member and until it expires.
import { beforeAll, describe, expect, it } from "vitest";

let links: typeof import("@/modules/lists/services/unsubscribe-links");
const member = "0b9d5c7e-5f7a-4c39-9a55-2f1f1b1f4a10";
const other = "7d0e3a4f-1c2b-4e5d-8f90-123456789abc";

beforeAll(async () => {
  process.env.SECRETS_FILE = `/tmp/signed-links-${process.pid}.json`;
  links = await import("@/modules/lists/services/unsubscribe-links");
});

describe("preference-page tokens", () => {
  it("name the member they were made for", () => {
    expect(links.memberUuidOfPreferencesToken(links.preferencesToken(member))).toBe(member);
  });

  it("refuse another member's uuid, an altered signature, the opt-out purpose and an expired token", () => {
    const token = links.preferencesToken(member);
    expect(links.memberUuidOfPreferencesToken(token.replace(member, other))).toBeNull();
    expect(links.memberUuidOfPreferencesToken(token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA"))).toBeNull();
    expect(links.memberUuidOfPreferencesToken(`${member}.${links.globalOptOutToken(member)}`)).toBeNull();
    expect(links.isValidGlobalOptOutToken(member, token.slice(member.length + 1))).toBe(false);
    const old = links.preferencesToken(member, Date.now() - 400 * 24 * 3600 * 1000);
    expect(links.memberUuidOfPreferencesToken(old)).toBeNull();
    expect(links.memberUuidOfPreferencesToken("not-a-token")).toBeNull();
  });
});
