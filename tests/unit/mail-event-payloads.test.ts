// The provider's payloads read into one MailEvent (modules/sendouts/schemas/mail-events.ts): Postmark's bounce types by what they
// say about the address, our Message-ID found in a bounce's quoted headers, and the generic shape.
import { describe, expect, it } from "vitest";
import { ValidationFailed } from "@/lib/errors";
import { GenericMailEvent, PostmarkWebhook } from "@/modules/sendouts/schemas/mail-events";
import { parseInput } from "@/lib/validation/parse";

/** A time `hours` ago, as ISO 8601 (event times must lie within the last 30 days). */
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const bouncedAt = hoursAgo(2);

// As Postmark documents its bounce webhook (fields we do not read included), BouncedAt two hours ago.
const postmarkBounce = {
  RecordType: "Bounce",
  MessageStream: "outbound",
  ID: 4323372036854775807,
  Type: "HardBounce",
  TypeCode: 1,
  Name: "Hard bounce",
  Tag: "Test",
  MessageID: "883953f4-6105-42a2-a16a-77a8eac79483",
  ServerID: 23,
  Description: "The server was unable to deliver your message (ex: unknown user, invalid syntax).",
  Details: "Test bounce details",
  Email: "John@example.com",
  From: "sender@example.com",
  BouncedAt: bouncedAt.toISOString().replace("Z", "0259Z"),
  DumpAvailable: true,
  Inactive: true,
  CanActivate: true,
  Subject: "Test subject",
  Content: "Return-Path: <>\r\nMessage-ID: <sendout-12-345@forbundet.example>\r\n",
};

describe("Postmark webhooks", () => {
  it("read a hard bounce with its address, time, description and our quoted Message-ID", () => {
    expect(PostmarkWebhook.parse(postmarkBounce)).toEqual({
      kind: "hard_bounce",
      email: "John@example.com",
      messageId: "<sendout-12-345@forbundet.example>",
      occurredAt: bouncedAt,
      description: "HardBounce: The server was unable to deliver your message (ex: unknown user, invalid syntax).",
    });
  });

  it("tell soft bounces, complaints and deliveries apart, and acknowledge the rest as nothing", () => {
    const kind = (payload: object) => PostmarkWebhook.parse(payload)?.kind ?? null;
    expect(kind({ ...postmarkBounce, Type: "SoftBounce", TypeCode: 4096 })).toBe("soft_bounce");
    expect(kind({ ...postmarkBounce, Type: "DnsError", TypeCode: 256 })).toBe("soft_bounce");
    expect(kind({ ...postmarkBounce, Type: "BadEmailAddress", TypeCode: 100000 })).toBe("hard_bounce");
    expect(kind({ ...postmarkBounce, RecordType: "SpamComplaint", Type: "SpamComplaint", TypeCode: 100001 })).toBe(
      "complaint",
    );
    expect(
      kind({ RecordType: "Delivery", Recipient: "john@example.com", DeliveredAt: hoursAgo(1).toISOString() }),
    ).toBe("delivered");
    expect(kind({ ...postmarkBounce, Type: "AutoResponder", TypeCode: 64, Email: "" })).toBeNull();
    expect(kind({ RecordType: "Open", Recipient: "john@example.com" })).toBeNull();
    expect(PostmarkWebhook.parse({ ...postmarkBounce, Content: undefined })?.messageId).toBeNull();
  });

  it("refuse an unknown record type, and a bounce that matters without a valid address", () => {
    expect(PostmarkWebhook.safeParse({ RecordType: "Inbound" }).success).toBe(false);
    const noAddress = PostmarkWebhook.safeParse({ ...postmarkBounce, Email: "not an address" });
    expect(noAddress.error?.issues.map((i) => i.path.join("."))).toEqual(["Email"]);
    expect(PostmarkWebhook.safeParse({ ...postmarkBounce, TypeCode: "1" }).success).toBe(false);
    expect(PostmarkWebhook.safeParse([]).success).toBe(false);
  });
});

describe("the generic shape", () => {
  it("reads each kind, with the optional fields or without", () => {
    const at = new Date(Math.floor(hoursAgo(3).getTime() / 1000) * 1000);
    // The same moment written in Swedish winter time (+01:00).
    const local = new Date(at.getTime() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, "+01:00");
    expect(
      GenericMailEvent.parse({ type: "complaint", email: " a@example.org ", message_id: "<m@x>", occurred_at: local }),
    ).toEqual({
      kind: "complaint",
      email: "a@example.org",
      messageId: "<m@x>",
      occurredAt: at,
      description: "",
    });
    expect(GenericMailEvent.parse({ type: "delivered", email: "a@example.org", message_id: null })).toMatchObject({
      messageId: null,
      occurredAt: null,
    });
  });

  it("refuses an unknown type, a bad address and a time that is not ISO 8601", () => {
    expect(GenericMailEvent.safeParse({ type: "bounce", email: "a@example.org" }).success).toBe(false);
    expect(GenericMailEvent.safeParse({ type: "hard_bounce", email: "nope" }).success).toBe(false);
    expect(
      GenericMailEvent.safeParse({ type: "hard_bounce", email: "a@example.org", occurred_at: "yesterday" }).success,
    ).toBe(false);
  });
});

describe("an event's time", () => {
  const window = "must be within the last 30 days and at most 5 minutes ahead";

  it("in our shape is refused outside the last 30 days and 5 minutes ahead, with the field named", () => {
    for (const occurred_at of [
      "1970-01-01T00:00:00Z",
      hoursAgo(31 * 24).toISOString(),
      new Date(Date.now() + 10 * 60_000).toISOString(),
      "2999-01-01T00:00:00Z",
    ]) {
      let error: unknown;
      try {
        parseInput(GenericMailEvent, { type: "hard_bounce", email: "a@example.org", occurred_at });
      } catch (caught) {
        error = caught;
      }
      expect(error, occurred_at).toBeInstanceOf(ValidationFailed);
      expect((error as ValidationFailed).errors, occurred_at).toEqual({ occurred_at: [window] });
    }
    for (const at of [hoursAgo(29 * 24), new Date(Date.now() + 2 * 60_000)]) {
      expect(
        parseInput(GenericMailEvent, { type: "hard_bounce", email: "a@example.org", occurred_at: at.toISOString() })
          ?.occurredAt,
      ).toEqual(at);
    }
  });

  it("in Postmark's shape is, outside the window, taken as unknown: the event is recorded when it arrives", () => {
    expect(PostmarkWebhook.parse({ ...postmarkBounce, BouncedAt: "1970-01-01T00:00:00Z" })?.occurredAt).toBeNull();
    expect(PostmarkWebhook.parse({ ...postmarkBounce, BouncedAt: "2999-01-01T00:00:00Z" })?.occurredAt).toBeNull();
    expect(
      PostmarkWebhook.parse({
        RecordType: "Delivery",
        Recipient: "john@example.com",
        DeliveredAt: "1970-01-01T00:00:00Z",
      })?.occurredAt,
    ).toBeNull();
  });
});
