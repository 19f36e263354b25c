// Without MAIL_EVENTS_SECRET the mail-event endpoints act as if they did not exist: 404 for any password, and nothing
// is recorded. (This file's module registry is its own, so its configuration is read without the test stack's secret.)
import { beforeAll, expect, it } from "vitest";
import { makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";

let service: typeof import("@/modules/sendouts/services/mail-events");

beforeAll(async () => {
  delete process.env.MAIL_EVENTS_SECRET;
  service = await import("@/modules/sendouts/services/mail-events");
});

it("answers 404 whatever the credentials, and records nothing", async () => {
  const { db } = await import("@/lib/db");
  const email = uniqueEmail("okonfigurerad");
  const company = await makeCompany("Okonfigurerad");
  await db().member.create({ data: { uuid: crypto.randomUUID(), organizationId: company.id, email } });
  for (const clientSecret of ["", "x".repeat(43)]) {
    await expect(
      service.receiveMailEvent(
        { clientSecret },
        { kind: "hard_bounce", email, messageId: null, occurredAt: null, description: "" },
      ),
    ).rejects.toMatchObject({
      status: 404,
      message: "mail events are not configured",
    });
  }
  expect(await db().suppression.count({ where: { email } })).toBe(0);
});
