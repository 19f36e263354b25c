// The test copy of a sendout goes only to the organization's staff (an active dashboard user whose access covers the
// sendout's company), at most 20 an hour per caller: before, it sent any HTML to any address without a limit.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { RateLimited, ValidationFailed } from "@/lib/errors";
import { callerForAdminUser } from "@/modules/access/services/admin-users";
import { operatorCaller } from "@/modules/access/services/caller";
import { sendTestCopy } from "@/modules/sendouts/services/test-copy";
import { createSendout } from "@/modules/sendouts/services/sendouts";
import { createList } from "@/modules/lists/services/lists";
import { CreateSendoutRequest } from "@/modules/sendouts/schemas/sendout";
import { newAdminUser } from "../dashboard-session";
import { makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";
import { smtpSinkForServices } from "../service-mail";

const sink = await smtpSinkForServices();
const op = operatorCaller();

/** A draft of a club below a federation. */
async function draft() {
  const federation = await makeCompany("Testförbundet");
  const club = await makeCompany("Testklubben", federation.id);
  const list = await createList(op, { name: "Nyheter", company_id: club.id });
  const sendout = await createSendout(
    op,
    CreateSendoutRequest.parse({ company_id: club.id, list_ids: [list.id], subject: "Hej", html: "<p>Hej</p>" }),
  );
  return { federation, club, sendout };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ValidationFailed);
  return error as ValidationFailed;
}

describe("a sendout's test copy", () => {
  it("goes to staff whose access covers the sendout's company, the address compared in any case", async () => {
    const { federation, club, sendout } = await draft();
    const everywhere = await newAdminUser("VIEWER");
    const ofClub = await newAdminUser("EDITOR", { company_ids: [club.id], include_descendants: false });
    const ofFederation = await newAdminUser("EDITOR", { company_ids: [federation.id], include_descendants: true });
    for (const email of [everywhere.email, ofClub.email.toUpperCase(), ofFederation.email]) {
      expect((await sendTestCopy(op, sendout.id, email)).sent_to).toBe(email);
    }
    expect(sink.received.map((m) => m.envelopeTo[0].toLowerCase())).toEqual([
      everywhere.email,
      ofClub.email,
      ofFederation.email,
    ]);
  });

  it("is refused with 400 on the field for any other address, and nothing is sent or audited", async () => {
    const { federation, sendout } = await draft();
    const other = await makeCompany("Grannklubben");
    const disabled = await newAdminUser("ADMIN");
    await db().adminUser.update({ where: { id: disabled.id }, data: { disabledAt: new Date() } });
    const elsewhere = await newAdminUser("ADMIN", { company_ids: [other.id], include_descendants: true });
    const aboveOnly = await newAdminUser("ADMIN", { company_ids: [federation.id], include_descendants: false });
    for (const email of [uniqueEmail("vemsomhelst"), disabled.email, elsewhere.email, aboveOnly.email]) {
      const failure = await refusal(sendTestCopy(op, sendout.id, email));
      expect(failure.status, email).toBe(400);
      expect(failure.errors).toEqual({
        email: ["must be the address of a staff member with access to the sendout's organization"],
      });
      expect(failure.issueKeys).toEqual({ email: ["not_staff"] });
    }
    expect(sink.received).toHaveLength(0);
    expect(await db().auditEntry.count({ where: { action: "sendout.test", objectId: String(sendout.id) } })).toBe(0);
  });

  it("goes at most 20 times an hour per caller; another caller has a budget of its own", async () => {
    const { sendout } = await draft();
    const staff = await newAdminUser("EDITOR");
    const caller = (await callerForAdminUser(staff.id))!;
    for (let i = 0; i < 20; i++) await sendTestCopy(caller, sendout.id, staff.email);
    const limited = await sendTestCopy(caller, sendout.id, staff.email).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(limited).toBeInstanceOf(RateLimited);
    expect(limited).toMatchObject({ status: 429 });
    expect(sink.received).toHaveLength(20);
    const colleague = await newAdminUser("EDITOR");
    await sendTestCopy((await callerForAdminUser(colleague.id))!, sendout.id, staff.email);
    expect(sink.received).toHaveLength(21);
  });
});
