// The LEADER role on the services: an invitation by mail over real SMTP (token hashed at rest, once, expiring), the
// account it makes, and what that account reaches: the activities its member leads (read them, record their
// attendance, idempotently), nothing of another activity of the same company (404 as a missing one), and no other
// module or company at all.
import { describe, expect, it } from "vitest";
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db";
import { Forbidden, NotFound, ValidationFailed } from "@/lib/errors";
import { callerForAdminUser, verifyAdminPassword } from "@/modules/access/services/admin-users";
import { operatorCaller, type Caller } from "@/modules/access/services/caller";
import { acceptLeaderInvitation, leaderInvitationFor } from "@/modules/access/services/leader-accounts";
import { listAdminUsers, updateAdminUser } from "@/modules/access/services/admin-users";
import { getActivity, listActivities, updateActivity } from "@/modules/activities/services/activities";
import { addOccasion, getOccasion, recordAttendance } from "@/modules/activities/services/occasions";
import { enrollParticipant } from "@/modules/activities/services/participants";
import { inviteActivityLeader, invitableLeaders } from "@/modules/activities/services/leader-invitations";
import { leaderOccasions } from "@/modules/activities/services/leader-occasions";
import { UpdateActivityRequest } from "@/modules/activities/schemas/activity";
import { AddOccasionRequest, RecordAttendanceRequest } from "@/modules/activities/schemas/occasion";
import { listAuditEntries } from "@/modules/audit/services/audit";
import { AuditQuery } from "@/modules/audit/schemas/audit";
import { listEventsInScope } from "@/modules/events/services/events";
import { listListsInScope } from "@/modules/lists/services/lists";
import { memberInScope } from "@/modules/members/services/members";
import { newAdminUser } from "../dashboard-session";
import { makeCompany } from "../helpers";
import { leaderMember, leaderUserOf, ledActivity, newMember } from "../leader-fixtures";
import { linkGuardian, recordGuardianConsent } from "@/modules/activities/services/families";
import { uniqueEmail } from "../member-fixtures";
import { smtpSinkForServices } from "../service-mail";

const sink = await smtpSinkForServices({ siteUrl: "https://lists.example.org" });
const op = operatorCaller();
const records = (list: { member_id: number; status: string }[]) =>
  RecordAttendanceRequest.parse({ attendance: list }).attendance;

function tokenInMailTo(email: string): string {
  const mail = sink.received.findLast((m) => m.envelopeTo.includes(email));
  const match = /\/admin\/leader-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail?.parsed.text ?? "");
  if (!match) throw new Error(`no invitation link to ${email}`);
  return match[1];
}

async function staffAdmin(): Promise<Caller> {
  return (await callerForAdminUser((await newAdminUser("ADMIN")).id))!;
}

/**
 * A club with a led activity of two ten-year-olds: one with a guardian who has an address and gave consent, one with
 * neither (nobody to write to, no consent).
 */
async function club() {
  const company = await makeCompany("Ledarklubben");
  const { member: leader, password } = await leaderMember(company.id, "Lena");
  const reachable = await newMember(company.id, { firstname: "Alva", lastname: "Ek" });
  const parent = await newMember(company.id, { email: uniqueEmail("foralder"), birthdate: "1985-01-01" });
  await linkGuardian(db(), reachable.id, parent.id, "förälder");
  await recordGuardianConsent(
    db(),
    { guardianId: parent.id, childId: reachable.id, consentKey: "activity-signup-v1", source: "dashboard" },
    new Date(),
  );
  const unreachable = await newMember(company.id, { firstname: "Bo", lastname: "Ask" });
  const led = await ledActivity(company.id, "Judo 8-10 år", leader.id, [reachable.id, unreachable.id]);
  const otherLeader = await newMember(company.id, { email: uniqueEmail("annan"), firstname: "Olle" });
  const other = await ledActivity(company.id, "Judo 11-13 år", otherLeader.id, [reachable.id]);
  return { company, leader, password, reachable, unreachable, led, other };
}

/** Invites the club's leader, accepts the mailed link, and answers the LEADER user's Caller. */
async function leaderCaller(c: Awaited<ReturnType<typeof club>>): Promise<Caller> {
  expect(
    await inviteActivityLeader(await staffAdmin(), { activity_id: c.led.activity.id, member_id: c.leader.id }, "sv"),
  ).toEqual({ sent: "invitation" });
  await sink.waitFor(1);
  await acceptLeaderInvitation({ token: tokenInMailTo(c.leader.email!), password: c.password });
  return (await callerForAdminUser((await leaderUserOf(c.leader.id)).id))!;
}

describe("a leader's invitation", () => {
  it("mails a link whose token is kept only as its hash; it makes a LEADER account once, and is audited", async () => {
    const c = await club();
    const admin = await staffAdmin();
    await inviteActivityLeader(admin, { activity_id: c.led.activity.id, member_id: c.leader.id }, "sv");
    await sink.waitFor(1);
    const [mail] = sink.received;
    expect(mail.envelopeTo).toEqual([c.leader.email]);
    expect(mail.parsed.subject).toBe("Du är inbjuden som ledare");
    expect(mail.parsed.text).toContain("Judo 8-10 år");
    const token = tokenInMailTo(c.leader.email!);
    const [row] = await db().leaderInvitation.findMany({ where: { memberId: c.leader.id } });
    expect(row.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3_600_000 - 60_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(7 * 24 * 3_600_000);

    // Looking at the link changes nothing; accepting it makes the account, once.
    expect(await leaderInvitationFor(token)).toEqual({ name: "Lena Ledare", email: c.leader.email });
    expect(await leaderInvitationFor(token)).not.toBeNull();
    await acceptLeaderInvitation({ token, password: c.password });
    const user = await leaderUserOf(c.leader.id);
    expect(user).toMatchObject({ role: "LEADER", email: c.leader.email, name: "Lena Ledare" });
    expect(await verifyAdminPassword(c.leader.email!, c.password)).toMatchObject({ id: user.id, role: "LEADER" });
    expect(await leaderInvitationFor(token)).toBeNull();
    await expect(acceptLeaderInvitation({ token, password: c.password })).rejects.toBeInstanceOf(ValidationFailed);
    expect(await db().adminUser.count({ where: { email: c.leader.email! } })).toBe(1);

    const audit = await listAuditEntries(op, AuditQuery.parse({ object_id: String(c.leader.id), action: "leader" }));
    expect(audit.entries.map((e) => [e.action, e.actor])).toEqual([["leader.invite", `admin:${admin.actor.slice(6)}`]]);
    const created = await listAuditEntries(op, AuditQuery.parse({ object_id: String(user.id), action: "admin_user" }));
    expect(created.entries.map((e) => [e.action, e.actor])).toEqual([["admin_user.create", `admin:${c.leader.email}`]]);
  });

  it("refuses an expired link and keeps only the newest link of an address", async () => {
    const c = await club();
    const admin = await staffAdmin();
    const invite = () => inviteActivityLeader(admin, { activity_id: c.led.activity.id, member_id: c.leader.id }, "en");
    await invite();
    await sink.waitFor(1);
    expect(sink.received[0].parsed.subject).toBe("You are invited as a leader");
    const first = tokenInMailTo(c.leader.email!);
    await invite();
    await sink.waitFor(2);
    const second = tokenInMailTo(c.leader.email!);
    expect(second).not.toBe(first);
    expect(await leaderInvitationFor(first)).toBeNull();
    await db().leaderInvitation.updateMany({ where: { memberId: c.leader.id }, data: { expiresAt: new Date() } });
    await expect(acceptLeaderInvitation({ token: second, password: c.password })).rejects.toBeInstanceOf(
      ValidationFailed,
    );
    expect(await db().adminUser.count({ where: { memberId: c.leader.id } })).toBe(0);
  });

  it("sends a leader who has an account a sign-in link, and refuses what it must not do", async () => {
    const c = await club();
    await leaderCaller(c);
    const admin = await staffAdmin();
    sink.received.length = 0;
    expect(await inviteActivityLeader(admin, { activity_id: c.led.activity.id, member_id: c.leader.id }, "sv")).toEqual(
      { sent: "sign_in" },
    );
    await sink.waitFor(1);
    expect(sink.received[0].parsed.subject).toBe("Logga in för att föra närvaro");
    expect(sink.received[0].parsed.text).toContain("https://lists.example.org/admin/login");
    expect(await db().leaderInvitation.count({ where: { memberId: c.leader.id, usedAt: null } })).toBe(0);

    // Not a leader of that activity; an EDITOR (who cannot manage users); a member whose address is a staff account's.
    await expect(
      inviteActivityLeader(admin, { activity_id: c.other.activity.id, member_id: c.leader.id }, "sv"),
    ).rejects.toMatchObject({ errors: { member_id: ["not a leader of the activity"] } });
    const editor = (await callerForAdminUser((await newAdminUser("EDITOR")).id))!;
    await expect(
      inviteActivityLeader(editor, { activity_id: c.led.activity.id, member_id: c.leader.id }, "sv"),
    ).rejects.toBeInstanceOf(Forbidden);
    const staff = await newAdminUser("VIEWER");
    const staffAsLeader = await newMember(c.company.id, { email: staff.email, firstname: "Stina" });
    await updateActivity(
      op,
      c.led.activity.id,
      UpdateActivityRequest.parse({ leader_ids: [c.leader.id, staffAsLeader.id] }),
    );
    await expect(
      inviteActivityLeader(admin, { activity_id: c.led.activity.id, member_id: staffAsLeader.id }, "sv"),
    ).rejects.toMatchObject({ errors: { email: ["a staff account uses that email"] } });
    const panel = (await invitableLeaders(admin)).find((a) => a.activity_id === c.led.activity.id)!;
    expect(panel.leaders.map((l) => [l.member_id, l.has_account]).sort()).toEqual(
      [
        [c.leader.id, true],
        [staffAsLeader.id, false],
      ].sort(),
    );
  });
});

describe("what a LEADER reaches", () => {
  it("reads and records the activities its member leads, idempotently, and sees who cannot be reached", async () => {
    const c = await club();
    const leader = await leaderCaller(c);
    expect(leader).toMatchObject({ role: "LEADER", leaderMemberId: c.leader.id });
    expect((await getActivity(leader, c.led.activity.id)).name).toBe("Judo 8-10 år");
    const first = await recordAttendance(
      leader,
      c.led.occasion.id,
      records([{ member_id: c.reachable.id, status: "PRESENT" }]),
    );
    expect(first.attendance.find((p) => p.member_id === c.reachable.id)).toMatchObject({
      status: "PRESENT",
      changes: 1,
      recorded_by: `admin:${c.leader.email}`,
    });
    // The same tap sent again (a retry after a lost answer) changes nothing.
    const again = await recordAttendance(
      leader,
      c.led.occasion.id,
      records([{ member_id: c.reachable.id, status: "PRESENT" }]),
    );
    expect(again.attendance.find((p) => p.member_id === c.reachable.id)?.changes).toBe(1);

    const page = await leaderOccasions(leader, new Date());
    expect(page.today).toBe(true);
    expect(page.occasions.map((o) => [o.id, o.activity_name, o.recordable])).toEqual([
      [c.led.occasion.id, "Judo 8-10 år", true],
    ]);
    expect(page.occasions[0].attendance.map((p) => [p.member_id, p.role]).sort()).toEqual(
      [
        [c.leader.id, "LEADER"],
        [c.reachable.id, "PARTICIPANT"],
        [c.unreachable.id, "PARTICIPANT"],
      ].sort(),
    );
    expect(page.occasions[0].gaps).toEqual([
      { memberId: c.unreachable.id, name: "Bo Ask", missing: ["contact", "consent"] },
    ]);
  });

  it("finds another activity of the same company as a missing one, changes nothing, and reaches no other module", async () => {
    const c = await club();
    const leader = await leaderCaller(c);
    await expect(getActivity(leader, c.other.activity.id)).rejects.toEqual(new NotFound("activity not found"));
    await expect(getOccasion(leader, c.other.occasion.id)).rejects.toEqual(new NotFound("occasion not found"));
    await expect(
      recordAttendance(leader, c.other.occasion.id, records([{ member_id: c.reachable.id, status: "PRESENT" }])),
    ).rejects.toEqual(new NotFound("occasion not found"));
    expect(await db().attendance.count({ where: { occasionId: c.other.occasion.id } })).toBe(0);

    // Its own activity: only attendance, never the activity itself.
    await expect(
      updateActivity(leader, c.led.activity.id, UpdateActivityRequest.parse({ location: "Hallen" })),
    ).rejects.toBeInstanceOf(Forbidden);
    await expect(
      addOccasion(
        leader,
        c.led.activity.id,
        AddOccasionRequest.parse({ starts_at: "2026-12-24T10:00:00Z", duration_minutes: 60 }),
      ),
    ).rejects.toBeInstanceOf(Forbidden);
    await expect(enrollParticipant(leader, c.led.activity.id, c.reachable.id)).rejects.toBeInstanceOf(Forbidden);
    // The company's activity list, its members, other modules, the users, the audit log.
    await expect(listActivities(leader, c.company.id)).rejects.toBeInstanceOf(Forbidden);
    await expect(memberInScope(leader, c.reachable.id)).rejects.toEqual(new NotFound("member not found"));
    await expect(listListsInScope(leader)).rejects.toBeInstanceOf(Forbidden);
    await expect(listEventsInScope(leader)).rejects.toBeInstanceOf(Forbidden);
    await expect(listAdminUsers(leader)).rejects.toBeInstanceOf(Forbidden);
    expect((await listAuditEntries(leader, AuditQuery.parse({}))).entries).toEqual([]);
  });

  it("reaches nothing once its member no longer leads the activity, and a LEADER without a member reaches nothing", async () => {
    const c = await club();
    const leader = await leaderCaller(c);
    await updateActivity(op, c.led.activity.id, UpdateActivityRequest.parse({ leader_ids: [] }));
    await expect(getActivity(leader, c.led.activity.id)).rejects.toEqual(new NotFound("activity not found"));
    expect((await leaderOccasions(leader, new Date())).occasions).toEqual([]);

    const user = await leaderUserOf(c.leader.id);
    // Its rights are not a role's or a group's: staff only activate or deactivate it.
    await expect(updateAdminUser(op, { id: user.id, role: "EDITOR" })).rejects.toBeInstanceOf(ValidationFailed);
    await updateAdminUser(op, { id: user.id, active: false });
    expect(await callerForAdminUser(user.id)).toBeNull();
    await updateAdminUser(op, { id: user.id, active: true });
    await db().adminUser.update({ where: { id: user.id }, data: { memberId: null } });
    const unlinked = (await callerForAdminUser(user.id))!;
    expect(unlinked.modules.size).toBe(0);
    await expect(getActivity(unlinked, c.led.activity.id)).rejects.toBeInstanceOf(Forbidden);
  });
});
