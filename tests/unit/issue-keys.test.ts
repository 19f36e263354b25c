// Forms translate validation problems by stable keys, never by the API's English texts (lib/validation/issues.ts).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { fieldIssueKeys } from "@/lib/validation/issues";
import { CreateListRequest, SubscribeRequest } from "@/modules/lists/schemas/subscription";

const keysOf = (value: unknown) => {
  const parsed = SubscribeRequest.safeParse(value);
  return parsed.success ? {} : fieldIssueKeys(parsed.error);
};

describe("issue keys", () => {
  it("tells a missing email from a malformed or too long one", () => {
    expect(keysOf({})).toEqual({ email: ["required"] });
    expect(keysOf({ email: "  " })).toEqual({ email: ["required"] });
    // zod 4 keeps no input in its issues: this once came out as "required" too.
    expect(keysOf({ email: "not-an-email" })).toEqual({ email: ["invalid_email"] });
    expect(keysOf({ email: `${"a".repeat(250)}@example.org` })).toEqual({ email: ["too_long:254"] });
    expect(keysOf({ email: "a@example.org", firstname: "x".repeat(129) })).toEqual({ firstname: ["too_long:128"] });
  });

  it("takes a company id left empty in a picker for a missing one", () => {
    const parsed = CreateListRequest.safeParse({ name: "", company_id: "" });
    expect(parsed.success).toBe(false);
    expect(fieldIssueKeys(parsed.error!)).toEqual({ name: ["required"], company_id: ["required"] });
  });

  it("keys arrays and numbers by their bounds", () => {
    const schema = z.object({ ids: z.array(z.number()).min(2).max(3), cap: z.number().max(10) });
    const parsed = schema.safeParse({ ids: [1], cap: 11 });
    expect(parsed.success).toBe(false);
    expect(fieldIssueKeys(parsed.error!)).toEqual({ ids: ["too_few:2"], cap: ["too_big:10"] });
  });

  it("translates keys per field and language, and falls back to the message without a key", () => {
    expect(fieldErrorText("sv", "email", "required", "required")).toBe("Fyll i din e-postadress.");
    expect(fieldErrorText("sv", "firstname", "required", "required")).toBe("Fältet måste fyllas i.");
    expect(fieldErrorText("en", "email", "invalid_email", "x")).toBe(
      "Enter a valid email address, such as name@example.com.",
    );
    expect(fieldErrorText("sv", "name", "too_long:200", "x")).toBe("Högst 200 tecken.");
    expect(fieldErrorText("en", "email", undefined, "an admin user with that email exists")).toBe(
      "an admin user with that email exists",
    );
  });
});
