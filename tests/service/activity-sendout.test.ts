// A sendout to an activity (modules/sendouts/services/activity-recipients.ts): its participants' contacts receive it
// over a real SMTP server (tests/smtp-sink.ts), each address once however many activities and lists name it, without
// the opted-out and the suppressed; another company's activity is refused; the message is a service message without
// a list's unsubscribe link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { closeMailTransport } from "@/lib/mail/transport";
import { operatorCaller } from "@/modules/access/services/caller";
import { createActivity } from "@/modules/activities/services/activities";
import { enrollParticipant } from "@/modules/activities/services/participants";
import { linkGuardian } from "@/modules/activities/services/families";
import { CreateActivityRequest } from "@/modules/activities/schemas/activity";
import { createMember } from "@/modules/members/services/changes";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { createList } from "@/modules/lists/services/lists";
import { setMemberSubscription } from "@/modules/lists/services/subscribers";
import { runSendoutRound } from "@/modules/sendouts/services/delivery";
import { renderSendoutMail } from "@/modules/sendouts/mail/sendout-message";
import { countSendoutRecipients } from "@/modules/sendouts/services/recipients";
import { createSendout, getSendout, updateSendout } from "@/modules/sendouts/services/sendouts";
import { sendSendout, startDueSendouts } from "@/modules/sendouts/services/states";
import { CreateSendoutRequest, UpdateSendoutRequest } from "@/modules/sendouts/schemas/sendout";
import { useDatabaseOfOwn } from "../process-fixtures";
import { makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";
import { startSmtpSink, type SmtpSink } from "../smtp-sink";

const op = operatorCaller();
const settings = { SMTP_MAX_PER_SECOND: "0", MAIL_FROM: "Klubben <utskick@example.org>" };
let sink: SmtpSink;
let database: Awaited<ReturnType<typeof useDatabaseOfOwn>>;

beforeAll(async () => {
  // A database of its own: a worker round sends every SENDING sendout, other files' too.
  database = await useDatabaseOfOwn();
  sink = await startSmtpSink();
  Object.assign(process.env, settings, { SMTP_URL: sink.url });
});

afterAll(async () => {
  closeMailTransport();
  await sink.stop();
  for (const name of [...Object.keys(settings), "SMTP_URL"]) delete process.env[name];
  await database?.drop();
});

/** A participant of 16 with an address of their own: from 13 the participant is written to (contacts.ts). */
const child = (companyId: string, email = uniqueEmail("barn"), birthdate = "2010-04-01") =>
  createMember(op, CreateMemberRequest.parse({ company_id: companyId, email, firstname: "Alva", birthdate }));

const activity = (companyId: string, name: string) =>
  createActivity(op, CreateActivityRequest.parse({ company_id: companyId, name }));

async function deliverAll(sendoutId: number) {
  for (let round = 0; round < 50; round++) {
    await runSendoutRound("activity-worker", () => false);
    if (!(await db().sendoutRecipient.count({ where: { sendoutId, status: "PENDING" } }))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("sendout did not finish");
}

/** A header line as the message carried it (mailparser folds List-* headers into structured values). */
const headerLine = (message: SmtpSink["received"][number], name: string) =>
  message.parsed.headerLines.find((h) => h.key === name)?.line;
const mailTo = (email: string) => sink.received.filter((m) => m.envelopeTo.includes(email));

describe("a sendout to activities", () => {
  it("reaches each address once over SMTP, without the opted-out and the suppressed, as a service message", async () => {
    const club = await makeCompany("Judoklubben");
    const judo = await activity(club.id, "Judo 8-10 år");
    const swim = await activity(club.id, "Simskola");
    const news = await createList(op, { name: "Nyheter", company_id: club.id });

    const inBoth = await child(club.id); // in both activities and on the list: one message, the list's
    const judoOnly = await child(club.id);
    const optedOut = await child(club.id);
    const suppressedEmail = uniqueEmail("studsar");
    const suppressed = await child(club.id, suppressedEmail);
    const waiting = await child(club.id); // enrolled while full: on the waitlist, not a participant yet
    // A sibling, a member of a sister club, with the family's one address (written directly: enrolling them would
    // need a membership in this club, which changes nothing here).
    const sister = await makeCompany("Systerklubben");
    const sibling = await child(sister.id, judoOnly.email!);

    for (const m of [inBoth, judoOnly, optedOut, suppressed]) await enrollParticipant(op, judo.id, m.id);
    await db().activityParticipant.create({
      data: { activityId: judo.id, memberId: sibling.id, status: "ENROLLED", enrolledAt: new Date() },
    });
    await db().activity.update({ where: { id: judo.id }, data: { capacity: 5 } });
    await enrollParticipant(op, judo.id, waiting.id);
    await enrollParticipant(op, swim.id, inBoth.id);
    await setMemberSubscription(op, news.id, inBoth.id, true);
    await db().member.update({ where: { id: optedOut.id }, data: { globalOptOutAt: new Date() } });
    await db().suppression.create({
      data: { organizationId: club.id, email: suppressedEmail, reason: "HARD_BOUNCE", suppressedAt: new Date() },
    });

    // The composer's count: the list's one subscriber, and the activities' other address (the siblings' once).
    expect(await countSendoutRecipients(op, club.id, [news.id], [judo.id, swim.id])).toEqual({
      recipients: 2,
      opted_out: 1,
      suppressed: 1,
    });

    const sendout = await createSendout(
      op,
      CreateSendoutRequest.parse({
        company_id: club.id,
        list_ids: [news.id],
        activity_ids: [swim.id, judo.id, swim.id],
        subject: "Hej {{firstname}}",
        html: "<p>Träningen flyttas till stora salen.</p>",
      }),
    );
    expect(sendout.activity_ids).toEqual([judo.id, swim.id]);
    await sendSendout(op, sendout.id, {});
    await deliverAll(sendout.id);

    const rows = await db().sendoutRecipient.findMany({ where: { sendoutId: sendout.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.email, r.listId, r.status])).toEqual([
      [inBoth.email, news.id, "SENT"],
      [judoOnly.email, 0, "SENT"],
    ]);
    expect((await getSendout(op, sendout.id)).counts).toMatchObject({ recipients: 2, sent: 2 });
    expect(mailTo(inBoth.email!)).toHaveLength(1);
    expect(mailTo(judoOnly.email!)).toHaveLength(1);
    expect(mailTo(suppressedEmail)).toHaveLength(0);
    expect(mailTo(optedOut.email!)).toHaveLength(0);
    expect(mailTo(waiting.email!)).toHaveLength(0);

    // The list's subscriber gets the list's links; the activity's contact a service message with only the opt-out
    // of all mail and the preference page.
    const [listMail] = mailTo(inBoth.email!);
    expect(headerLine(listMail, "list-unsubscribe")).toContain("/unsubscribe/");
    expect(headerLine(listMail, "list-id")).toBeTruthy();
    const [serviceMail] = mailTo(judoOnly.email!);
    expect(serviceMail.parsed.subject).toBe("Hej Alva");
    expect(headerLine(serviceMail, "list-unsubscribe")).toBeUndefined();
    expect(headerLine(serviceMail, "list-id")).toBeUndefined();
    // The text part wraps at 78 characters.
    expect(serviceMail.parsed.text!.replace(/\s+/g, " ")).toContain(
      `som kontakt till en deltagare i en aktivitet hos ${club.name}.`,
    );
    expect(serviceMail.parsed.text).not.toContain("Avregistrera dig från den här listan");
    expect(serviceMail.parsed.text).toContain("Avsluta alla utskick");
  });

  it("fixes a scheduled sendout's activity recipients when it starts: who is enrolled then", async () => {
    const club = await makeCompany("Schemaklubben");
    const judo = await activity(club.id, "Judo");
    const early = await child(club.id);
    await enrollParticipant(op, judo.id, early.id);
    const sendout = await createSendout(
      op,
      CreateSendoutRequest.parse({
        company_id: club.id,
        list_ids: [],
        activity_ids: [judo.id],
        subject: "Hej",
        html: "<p>Hej</p>",
      }),
    );
    await sendSendout(op, sendout.id, { send_at: new Date(Date.now() + 60_000) });
    // Enrolled after the sendout was planned: a child of 8, written to through their guardian.
    const late = await child(club.id, uniqueEmail("liten"), "2018-04-01");
    const guardian = await child(club.id, uniqueEmail("foralder"), "1985-04-01");
    await linkGuardian(db(), late.id, guardian.id, "förälder");
    await enrollParticipant(op, judo.id, late.id);
    expect(await startDueSendouts(new Date(Date.now() + 61_000))).toBeGreaterThanOrEqual(1);
    const rows = await db().sendoutRecipient.findMany({
      where: { sendoutId: sendout.id },
      orderBy: { memberId: "asc" },
    });
    expect(rows.map((r) => [r.memberId, r.listId])).toEqual([
      [early.id, 0],
      [guardian.id, 0],
    ]);
    await deliverAll(sendout.id);
    expect(mailTo(guardian.email!)).toHaveLength(1);
    expect(mailTo(late.email!)).toHaveLength(0);
  });

  it("refuses another company's activity, and a sendout with neither lists nor activities", async () => {
    const club = await makeCompany("Klubben");
    const other = await makeCompany("Grannklubben");
    const theirs = await activity(other.id, "Grannarnas judo");
    const ours = await activity(club.id, "Vår judo");
    const body = { company_id: club.id, subject: "Hej", html: "<p>Hej</p>" };
    await expect(
      createSendout(op, CreateSendoutRequest.parse({ ...body, list_ids: [], activity_ids: [theirs.id] })),
    ).rejects.toMatchObject({
      status: 400,
      errors: { activity_ids: [`activity ${theirs.id} is not an activity of this company`] },
    });
    await expect(countSendoutRecipients(op, club.id, [], [theirs.id])).rejects.toMatchObject({ status: 400 });
    expect(CreateSendoutRequest.safeParse({ ...body, list_ids: [] }).success).toBe(false);

    const sendout = await createSendout(
      op,
      CreateSendoutRequest.parse({ ...body, list_ids: [], activity_ids: [ours.id] }),
    );
    await expect(
      updateSendout(op, sendout.id, UpdateSendoutRequest.parse({ activity_ids: [theirs.id] })),
    ).rejects.toMatchObject({ status: 400 });
    await expect(updateSendout(op, sendout.id, UpdateSendoutRequest.parse({ activity_ids: [] }))).rejects.toMatchObject(
      { status: 400, errors: { list_ids: ["must name at least one list or activity"] } },
    );
    expect((await getSendout(op, sendout.id)).activity_ids).toEqual([ours.id]);
  });

  it("renders a message without a list (the preview and test copy of a sendout to activities only) as the contacts get it", async () => {
    const message = {
      sendout: {
        id: 1,
        subject: "Hej",
        preheader: null,
        html: "<p>Hej</p>",
        text: null,
        fromName: null,
        replyTo: null,
      },
      organization: { name: "Klubben" },
      recipient: {
        id: 0,
        email: "anna@example.se",
        memberUuid: crypto.randomUUID(),
        firstname: "Anna",
        lastname: null,
      },
    };
    const service = await renderSendoutMail({ ...message, list: null });
    expect(service.listUnsubscribeUrl).toBeUndefined();
    expect(service.list).toBeUndefined();
    expect(service.text).toContain("Avsluta alla utskick");
    expect(service.text).not.toContain("Avregistrera dig från den här listan");
    const onList = await renderSendoutMail({ ...message, list: { uuid: crypto.randomUUID() } });
    expect(onList.listUnsubscribeUrl).toBeTruthy();
    expect(onList.text).toContain("Avregistrera dig från den här listan");
  });
});
