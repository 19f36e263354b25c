// The test copy: one message of a sendout, as its recipients will see it, to a staff address. No member is involved:
// merge fields get sample values and the footer's links name no real member, so following them changes nothing.
// It goes only to the organization's staff (an active dashboard user whose access covers the sendout's company) and
// at most TEST_COPIES_PER_HOUR times an hour per caller: otherwise it would send any HTML to any address, unlimited.
import "server-only";
import crypto from "node:crypto";
import type { z } from "zod";
import { db } from "@/lib/db";
import { UpstreamFailed, ValidationFailed } from "@/lib/errors";
import { consumeRateLimit } from "@/lib/http/rate-limit";
import { renderSendoutMail } from "../mail/sendout-message";
import { MailDeliveryError, sendMail } from "@/lib/mail/transport";
import { normalizeEmail } from "@/lib/validation/email";
import type { SendoutTestResult } from "../schemas/sendout";
import { scopeCovers } from "@/modules/access/services/access-checks";
import { recordAudit } from "@/modules/audit/services/audit";
import { callerRights, type Caller } from "@/modules/access/services/caller";
import { companyWithAncestors } from "@/modules/companies/services/tree";
import { writableSendout } from "./sendouts";

const NOBODY = "00000000-0000-0000-0000-000000000000";

const NOT_STAFF = "must be the address of a staff member with access to the sendout's organization";

/** Whether `email` is an active dashboard user's whose access group covers the company. */
async function isStaffOf(companyId: string, email: string): Promise<boolean> {
  const user = await db().adminUser.findUnique({
    where: { email: normalizeEmail(email) },
    include: { accessGroup: { include: { companies: true } } },
  });
  if (!user || user.disabledAt) return false;
  return scopeCovers(callerRights(user.accessGroup).scope, companyId, () => companyWithAncestors(companyId));
}

/** POST /v3/sendout/{id}/test: in any state; nobody's delivery state changes. */
export async function sendTestCopy(
  caller: Caller,
  id: number,
  email: string,
): Promise<z.output<typeof SendoutTestResult>> {
  const sendout = await writableSendout(caller, id);
  if (!(await isStaffOf(sendout.companyId, email))) {
    const refusal = new ValidationFailed({ email: [NOT_STAFF] });
    refusal.issueKeys = { email: ["not_staff"] };
    throw refusal;
  }
  // Counted per caller (a staff member, an API key, the operator) once the address is allowed: a refusal spends nothing.
  await consumeRateLimit("sendout_test_copy", caller.actor);
  const company = await db().company.findUniqueOrThrow({ where: { id: sendout.companyId }, select: { name: true } });
  const list = await db().subscriptionList.findFirst({
    where: { id: { in: sendout.lists.map((l) => l.listId) } },
    select: { uuid: true },
  });
  const mail = await renderSendoutMail({
    sendout: { ...sendout, subject: `[Test] ${sendout.subject}` },
    organization: { name: company.name },
    recipient: { id: 0, email, memberUuid: NOBODY, firstname: "Test", lastname: "Testsson" },
    // A sendout to activities only: the copy is the activities' contacts' message, without a list's links.
    list: sendout.lists.length ? { uuid: list?.uuid ?? NOBODY } : null,
  });
  // Each test copy is its own message (a stable id would let mail clients fold a second copy into the first), and
  // its id does not parse as a recipient row's (lib/mail/message-id.ts), so a bounce of it touches no row.
  mail.messageId = mail.messageId.replace("@", `.test-${crypto.randomBytes(6).toString("hex")}@`);
  try {
    await sendMail(mail);
  } catch (error) {
    if (error instanceof MailDeliveryError)
      throw new UpstreamFailed(`mail server refused the test copy: ${error.message}`, "smtp");
    throw error;
  }
  await db().$transaction((tx) =>
    recordAudit(tx, caller, {
      action: "sendout.test",
      objectType: "sendout",
      objectId: id,
      companyId: sendout.companyId,
      summary: `test copy to ${email}`,
    }),
  );
  return { sent_to: email, message_id: mail.messageId };
}
