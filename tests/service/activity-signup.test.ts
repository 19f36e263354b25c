// The hosted activity sign-up on the services directly, with a real SMTP server (tests/smtp-sink.ts) receiving what
// they send: the double opt-in mail, the confirmation that enrolls by the activity's capacity and waitlist (also when
// many confirm at once), idempotent confirm and cancel, expiry, the guardian and child as members with their link and
// consent (the families and the contact rule by age: activity-families.test.ts).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { createActivity } from "@/modules/activities/services/activities";
import { listGuardians } from "@/modules/activities/services/families";
import { publicActivities, publicActivity } from "@/modules/activities/services/public-activities";
import { confirmSignup, signupConfirmationPage, submitSignup } from "@/modules/activities/services/signup";
import { cancelSignup, signupCancelPage } from "@/modules/activities/services/signup-cancel";
import { CreateActivityRequest } from "@/modules/activities/schemas/activity";
import { SignupRequest } from "@/modules/activities/schemas/signup";
import { NotFound } from "@/lib/errors";
import { smtpSinkForServices } from "../service-mail";
import { makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";

const sink = await smtpSinkForServices({ siteUrl: "https://klubb.example.org" });
const op = operatorCaller();

async function openActivity(capacity: number | null, signupOpen = true) {
  const company = await makeCompany("Anmälningsklubben");
  const activity = await createActivity(
    op,
    CreateActivityRequest.parse({
      company_id: company.id,
      name: "Judo 8-10 år",
      capacity,
      birth_year_from: 2016,
      birth_year_to: 2018,
      location: "Dojon",
      signup_open: signupOpen,
      schedule: [{ weekday: 2, start_time: "18:00", duration_minutes: 60, from: "2026-08-18", to: "2026-12-15" }],
    }),
  );
  return { company, activity };
}

const form = (overrides: Record<string, unknown> = {}) =>
  SignupRequest.parse({
    child_firstname: "Alva",
    child_lastname: "Berg",
    child_birthdate: "2017-03-04",
    guardian_firstname: "Karin",
    guardian_lastname: "Berg",
    guardian_email: uniqueEmail("vardnadshavare"),
    guardian_phone: "070-123 45 67",
    relation: "förälder",
    consent: true,
    ...overrides,
  });

/** The token of the newest link to `path` in the mail to `to`. */
function linkTokenIn(to: string, path: "confirm" | "cancel"): string {
  const mail = sink.received.findLast(
    (m) => m.envelopeTo.includes(to) && new RegExp(`/activities/${path}/`).test(m.parsed.text ?? ""),
  );
  const match = new RegExp(`/activities/${path}/([A-Za-z0-9_-]+)`).exec(mail?.parsed.text ?? "");
  if (!match) throw new Error(`no ${path} link to ${to}`);
  return match[1];
}

/** Submits and confirms one sign-up, waiting for each of its two messages. */
async function signUpAndConfirm(companyUuid: string, activityId: number, input = form()) {
  const before = sink.received.length;
  await submitSignup(companyUuid, activityId, input, "sv");
  await sink.waitFor(before + 1);
  const token = linkTokenIn(input.guardian_email, "confirm");
  const outcome = await confirmSignup(token);
  await sink.waitFor(before + 2);
  return { token, outcome };
}

const statuses = async (activityId: number) =>
  (await db().activityParticipant.findMany({ where: { activityId }, orderBy: { memberId: "asc" } })).map(
    (p) => p.status,
  );

describe("the hosted sign-up", () => {
  it("lists only open activities of the club by its uuid, with free places", async () => {
    const { company, activity } = await openActivity(2);
    const closed = await createActivity(op, CreateActivityRequest.parse({ company_id: company.id, name: "Stängd" }));
    const club = await publicActivities(company.uuid);
    expect(club.activities.map((a) => a.id)).toEqual([activity.id]);
    expect(club.activities[0]).toMatchObject({ freePlaces: 2, waiting: 0, birthYearFrom: 2016, location: "Dojon" });
    expect(club.activities[0].times).toEqual([
      { weekday: 2, start: "18:00", minutes: 60, location: null, from: "2026-08-18", to: "2026-12-15" },
    ]);
    await expect(publicActivity(company.uuid, closed.id)).rejects.toThrow(NotFound);
    await expect(publicActivities("not-a-uuid")).rejects.toThrow(NotFound);
    await expect(submitSignup(company.uuid, closed.id, form(), "sv")).rejects.toThrow(NotFound);
  });

  it("mails the guardian a link; only the button confirms, making guardian and child members, linked, with consent", async () => {
    const { company, activity } = await openActivity(5);
    const input = form({ guardian_email: "Karin.Berg@Example.org" });
    await submitSignup(company.uuid, activity.id, input, "en");
    const [mail] = await sink.waitFor(1);
    expect(mail.envelopeTo).toEqual(["karin.berg@example.org"]);
    expect(mail.parsed.subject).toBe("Confirm the sign-up of Alva Berg for Judo 8-10 år");
    const token = linkTokenIn("karin.berg@example.org", "confirm");
    expect(mail.parsed.text).toContain(`https://klubb.example.org/activities/confirm/${token}?lang=en`);
    // Only the token's hash is stored, and nothing about the child exists as a member yet.
    const pending = await db().activitySignup.findFirstOrThrow({ where: { activityId: activity.id } });
    expect(pending.tokenHash).not.toContain(token);
    expect(await db().member.count({ where: { organizationId: company.id } })).toBe(0);
    // Looking at the page changes nothing.
    expect(await signupConfirmationPage(token)).toMatchObject({ state: "pending", child: "Alva Berg" });
    expect(await db().activityParticipant.count({ where: { activityId: activity.id } })).toBe(0);

    const before = new Date();
    expect(await confirmSignup(token)).toEqual({ state: "confirmed", status: "ENROLLED" });
    const guardian = await db().member.findFirstOrThrow({
      where: { organizationId: company.id, email: "karin.berg@example.org" },
    });
    expect(guardian).toMatchObject({ firstname: "Karin", lastname: "Berg", phone: "070-123 45 67" });
    const link = await db().memberGuardian.findFirstOrThrow({ where: { guardianId: guardian.id } });
    const child = await db().member.findUniqueOrThrow({ where: { id: link.childId } });
    expect(child).toMatchObject({ firstname: "Alva", lastname: "Berg", birthdate: "2017-03-04", email: null });
    expect(link.relation).toBe("förälder");
    const [consent] = await db().guardianConsent.findMany({ where: { childId: child.id } });
    expect(consent).toMatchObject({
      guardianId: guardian.id,
      source: "hosted_signup",
      consentKey: "activity-signup-v1",
    });
    expect(consent.givenAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(await statuses(activity.id)).toEqual(["ENROLLED"]);
    const audit = await db().auditEntry.findMany({ where: { companyId: company.id, action: "activity.enroll" } });
    // The guardian's own act ("public" on the audit screen), through the hosted sign-up.
    expect(audit.map((a) => [a.actor, a.actorKind])).toEqual([[`hosted_signup:member:${guardian.uuid}`, "public"]]);
    expect((await listGuardians(op, child.id)).map((g) => g.guardian_id)).toEqual([guardian.id]);
    // Once confirmed, the sign-up keeps no copy of what was typed: it lives in the members.
    const done = await db().activitySignup.findUniqueOrThrow({ where: { id: pending.id } });
    expect([done.details, done.guardianEmail, done.participantMemberId]).toEqual(["{}", "", child.id]);
    expect(await signupConfirmationPage(token)).toMatchObject({
      state: "confirmed",
      child: "Alva Berg",
      status: "ENROLLED",
    });

    // The confirmation message says the outcome and carries the cancel link.
    const [confirmed] = await sink.waitFor(2).then((all) => all.slice(1));
    expect(confirmed.parsed.subject).toBe("Alva Berg has a place in Judo 8-10 år");
    expect(linkTokenIn("karin.berg@example.org", "cancel")).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it("confirming twice (also at once) enrolls once and sends one confirmation", async () => {
    const { company, activity } = await openActivity(1);
    const input = form();
    await submitSignup(company.uuid, activity.id, input, "sv");
    await sink.waitFor(1);
    const token = linkTokenIn(input.guardian_email, "confirm");
    const outcomes = await Promise.all([confirmSignup(token), confirmSignup(token), confirmSignup(token)]);
    expect(outcomes.every((o) => o.state === "confirmed" && o.status === "ENROLLED")).toBe(true);
    expect(await confirmSignup(token)).toEqual({ state: "confirmed", status: "ENROLLED" });
    expect(await statuses(activity.id)).toEqual(["ENROLLED"]);
    expect(await db().guardianConsent.count({ where: { guardian: { email: input.guardian_email } } })).toBe(1);
    await sink.waitFor(2);
    expect(sink.received).toHaveLength(2);
  });

  it("with capacity N, 3N confirmations at once give exactly N places and 2N waitlist spots", async () => {
    const N = 3;
    const { company, activity } = await openActivity(N);
    const inputs = Array.from({ length: 3 * N }, (_, i) => form({ child_firstname: `Barn${i}` }));
    for (const input of inputs) await submitSignup(company.uuid, activity.id, input, "sv");
    await sink.waitFor(3 * N);
    const tokens = inputs.map((input) => linkTokenIn(input.guardian_email, "confirm"));
    const outcomes = await Promise.all(tokens.map((token) => confirmSignup(token)));
    const by = (status: string) => outcomes.filter((o) => o.state === "confirmed" && o.status === status).length;
    expect([by("ENROLLED"), by("WAITLIST")]).toEqual([N, 2 * N]);
    const rows = await statuses(activity.id);
    expect(rows.filter((s) => s === "ENROLLED")).toHaveLength(N);
    expect(rows.filter((s) => s === "WAITLIST")).toHaveLength(2 * N);
    await sink.waitFor(6 * N);
    expect(sink.received.filter((m) => /väntelistan/.test(m.parsed.subject ?? ""))).toHaveLength(2 * N);
  });

  it("the cancel link makes the child LEFT, gives the place to the waitlist's first, and is idempotent", async () => {
    const { company, activity } = await openActivity(1);
    const first = form();
    const second = form({ child_firstname: "Olle" });
    await signUpAndConfirm(company.uuid, activity.id, first);
    const { outcome } = await signUpAndConfirm(company.uuid, activity.id, second);
    expect(outcome).toEqual({ state: "confirmed", status: "WAITLIST" });
    const cancelToken = linkTokenIn(first.guardian_email, "cancel");
    expect(await signupCancelPage(cancelToken)).toEqual({
      state: "pending",
      activity: "Judo 8-10 år",
      child: "Alva Berg",
    });
    expect(await cancelSignup(cancelToken)).toBe("cancelled");
    expect(await cancelSignup(cancelToken)).toBe("cancelled");
    expect(await signupCancelPage(cancelToken)).toMatchObject({ state: "cancelled" });
    const rows = await db().activityParticipant.findMany({
      where: { activityId: activity.id },
      include: { member: { select: { firstname: true } } },
    });
    expect(Object.fromEntries(rows.map((r) => [r.member.firstname, r.status]))).toEqual({
      Alva: "LEFT",
      Olle: "ENROLLED",
    });
    expect(await db().auditEntry.count({ where: { companyId: company.id, action: "activity.leave" } })).toBe(1);
    expect(await cancelSignup("not-a-token-at-all-really")).toBe("invalid");
  });

  it("a double opt-in message the mail server refuses drops the sign-up, so sending the form again works", async () => {
    const { company, activity } = await openActivity(null);
    const input = form();
    sink.failNext(1, 451);
    await expect(submitSignup(company.uuid, activity.id, input, "sv")).rejects.toThrow();
    expect(await db().activitySignup.count({ where: { activityId: activity.id } })).toBe(0);
    await submitSignup(company.uuid, activity.id, input, "sv");
    await sink.waitFor(1);
    expect(await db().activitySignup.count({ where: { activityId: activity.id } })).toBe(1);
  });

  it("an expired link confirms nothing and says so; an unknown one is invalid", async () => {
    const { company, activity } = await openActivity(null);
    const input = form();
    await submitSignup(company.uuid, activity.id, input, "sv");
    await sink.waitFor(1);
    const token = linkTokenIn(input.guardian_email, "confirm");
    const later = new Date(Date.now() + 8 * 86_400_000);
    expect(await signupConfirmationPage(token, later)).toEqual({ state: "expired" });
    expect(await confirmSignup(token, later)).toEqual({ state: "expired" });
    expect(await db().activityParticipant.count({ where: { activityId: activity.id } })).toBe(0);
    // Once the link has expired, the next sign-up anywhere empties the row of what was typed; the link still says
    // it expired.
    await db().activitySignup.updateMany({
      where: { activityId: activity.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await submitSignup(company.uuid, activity.id, form(), "sv");
    const [emptied] = await db().activitySignup.findMany({
      where: { activityId: activity.id },
      orderBy: { id: "asc" },
    });
    expect([emptied.details, emptied.guardianEmail]).toEqual(["{}", ""]);
    expect(await signupConfirmationPage(token)).toEqual({ state: "expired" });
    expect(await confirmSignup(token)).toEqual({ state: "expired" });
    expect(await confirmSignup("x".repeat(43))).toEqual({ state: "invalid" });
    expect(await signupConfirmationPage("../../etc")).toEqual({ state: "invalid" });
  });

  it("the same guardian signing the same child up again reuses the child; a namesake of another guardian is another child", async () => {
    const { company, activity } = await openActivity(null);
    const email = uniqueEmail("familj");
    await signUpAndConfirm(company.uuid, activity.id, form({ guardian_email: email }));
    await signUpAndConfirm(company.uuid, activity.id, form({ guardian_email: email, child_firstname: "alva" }));
    await signUpAndConfirm(company.uuid, activity.id, form());
    const children = await db().member.findMany({ where: { organizationId: company.id, email: null } });
    expect(children).toHaveLength(2);
    expect(await statuses(activity.id)).toEqual(["ENROLLED", "ENROLLED"]);
  });
});
