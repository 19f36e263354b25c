// The start banner's line on where mail goes: the catcher and its Outbox, or the relay by scheme, host and port only
// (SMTP_URL's user name and password never reach a terminal or the credentials file).
import { describe, expect, it } from "vitest";
import { mailDestinationLine } from "@/lib/mail/destination";

describe("mailDestinationLine", () => {
  it("names the catcher, says nothing leaves the machine and where to read it", () => {
    expect(mailDestinationLine(undefined, 2525, "http://localhost:3000")).toBe(
      "Mail:           caught by the embedded mail catcher on 127.0.0.1:2525 — nothing leaves this machine. " +
        "Read it in the dashboard: http://localhost:3000/admin/outbox",
    );
  });

  it("names a relay without its credentials, with the port nodemailer uses when none is given", () => {
    const line = mailDestinationLine(
      "smtps://utskick%40example.org:hemligt-l%C3%B6senord@smtp.example.org",
      2525,
      "http://x",
    );
    expect(line).toBe("Mail:           sent through smtps://smtp.example.org:465 (SMTP_URL)");
    expect(mailDestinationLine("smtp://user:pw@smtp.example.org:2587", 2525, "http://x")).toBe(
      "Mail:           sent through smtp://smtp.example.org:2587 (SMTP_URL)",
    );
    expect(mailDestinationLine("smtp://smtp.example.org", 2525, "http://x")).toContain("smtp://smtp.example.org:587 ");
  });
});
