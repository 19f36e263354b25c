// Spec 4.3 events: list, read, create, update, delete, participants and capacity, with validation and authorization.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers";
import { createMemberVia, makeOrganization, uniqueEmail, type Organization } from "../member-fixtures";

let org: Organization;
beforeAll(async () => {
  org = await makeOrganization();
});

const winterEvening = { starts_at: "2026-12-05T17:00:00Z", ends_at: "2026-12-05T21:30:00+01:00" };

async function createEvent(body: Record<string, unknown> = {}, token = org.token) {
  return call("/v3/events", {
    method: "POST",
    token,
    body: { company_id: org.rootId, name: "Julfest", ...winterEvening, ...body },
  });
}

describe("events", () => {
  it("creates, lists, reads, updates and deletes an event, writing times in its zone", async () => {
    const created = await createEvent({ description: "Glögg och pepparkakor", location: "Klubbstugan", capacity: 40 });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      company_id: org.rootId,
      name: "Julfest",
      description: "Glögg och pepparkakor",
      location: "Klubbstugan",
      starts_at: "2026-12-05T18:00:00+01:00",
      ends_at: "2026-12-05T21:30:00+01:00",
      time_zone: "Europe/Stockholm",
      capacity: 40,
      participant_count: 0,
    });
    const id = created.json.id;
    const summer = await createEvent({
      name: "Midsommar",
      starts_at: "2026-06-19T12:00:00+02:00",
      ends_at: "2026-06-19T18:00:00+02:00",
      time_zone: "Europe/Helsinki",
    });
    expect(summer.json).toMatchObject({
      starts_at: "2026-06-19T13:00:00+03:00",
      time_zone: "Europe/Helsinki",
      capacity: null,
    });

    const listed = await call(`/v3/events/list?company_id=${org.rootId}`, { token: org.token });
    expect(listed.status).toBe(200);
    expect(listed.json.map((e: any) => e.name)).toEqual(["Midsommar", "Julfest"]);
    const upcoming = await call(
      `/v3/events/list?company_id=${org.rootId}&from=${encodeURIComponent("2026-07-01T00:00:00+02:00")}`,
      { token: org.token },
    );
    expect(upcoming.json.map((e: any) => e.name)).toEqual(["Julfest"]);

    const read = await call(`/v3/events/${id}`, { token: org.token });
    expect(read.json).toEqual({ ...created.json, participants: [] });

    const updated = await call(`/v3/events/${id}`, {
      method: "PUT",
      token: org.token,
      body: { name: "Lucia", location: null, ends_at: "2026-12-05T23:00:00+01:00" },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      name: "Lucia",
      location: null,
      description: "Glögg och pepparkakor",
      ends_at: "2026-12-05T23:00:00+01:00",
    });

    expect((await call(`/v3/events/${id}`, { method: "DELETE", token: org.token })).json).toEqual({ ok: true });
    expect((await call(`/v3/events/${id}`, { token: org.token })).json).toEqual({ reason: "event not found" });
  });

  it("validates: end after start (also on update), offsets, zones, capacity", async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await createEvent(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      return Object.keys(res.json.errors);
    };
    expect(await bad({ ends_at: "2026-12-05T18:00:00+01:00" })).toEqual(["ends_at"]);
    expect(await bad({ starts_at: "2026-12-05T18:00:00" })).toEqual(["starts_at"]);
    expect(await bad({ starts_at: "i morgon" })).toEqual(["starts_at"]);
    expect(await bad({ time_zone: "Mars/Olympus" })).toEqual(["time_zone"]);
    expect(await bad({ capacity: 0 })).toEqual(["capacity"]);
    expect(await bad({ name: " " })).toEqual(["name"]);
    expect(await bad({ ends_at: undefined })).toEqual(["ends_at"]);
    const unknownCompany = await createEvent({ company_id: "y".repeat(36) });
    expect(unknownCompany.json.errors).toEqual({ company_id: ["unknown company id"] });

    const id = (await createEvent({ capacity: 2 })).json.id;
    const earlier = await call(`/v3/events/${id}`, {
      method: "PUT",
      token: org.token,
      body: { ends_at: "2026-12-05T17:59:00+01:00" },
    });
    expect(earlier.status).toBe(400);
    expect(earlier.json.errors).toEqual({ ends_at: ["must be after starts_at"] });
    const later = await call(`/v3/events/${id}`, {
      method: "PUT",
      token: org.token,
      body: { starts_at: "2026-12-06T18:00:00+01:00" },
    });
    expect(later.json.errors).toEqual({ ends_at: ["must be after starts_at"] });
    for (const name of ["a", "b"]) {
      const m = await createMemberVia(org.token, { company_id: org.rootId, firstname: name });
      await call(`/v3/events/${id}/participants`, { method: "POST", token: org.token, body: { member_id: m.id } });
    }
    const smaller = await call(`/v3/events/${id}`, { method: "PUT", token: org.token, body: { capacity: 1 } });
    expect(smaller.json.errors).toEqual({ capacity: ["must be at least the 2 registered participants"] });
    expect((await call(`/v3/events/list`, { token: org.token })).status).toBe(400);
    expect((await call(`/v3/events/x`, { token: org.token })).status).toBe(400);
  });

  it("registers and unregisters participants; a full event is 409; erased members stay anonymous", async () => {
    const event = (await createEvent({ capacity: 1 })).json;
    const member = await createMemberVia(org.token, {
      company_id: org.clubIds[0],
      firstname: "Pippi",
      email: uniqueEmail(),
    });
    const other = await createMemberVia(org.token, { company_id: org.rootId, firstname: "Annika" });
    const register = (memberId: number) =>
      call(`/v3/events/${event.id}/participants`, { method: "POST", token: org.token, body: { member_id: memberId } });

    const registered = await register(member.id);
    expect(registered.status).toBe(200);
    expect(registered.json).toMatchObject({
      participant_count: 1,
      participants: [{ member_id: member.id, firstname: "Pippi", email: member.email }],
    });
    expect((await register(member.id)).json.participant_count).toBe(1);
    expect(await register(other.id)).toMatchObject({ status: 409, json: { reason: "event is full" } });
    expect((await register(999_999_999)).json.errors).toEqual({ member_id: ["member not found"] });

    expect((await call(`/v3/member/${member.id}`, { method: "DELETE", token: org.token })).status).toBe(200);
    const after = await call(`/v3/events/${event.id}`, { token: org.token });
    expect(after.json.participants).toEqual([
      { member_id: member.id, firstname: null, lastname: null, email: null, registered_at: expect.any(String) },
    ]);

    const removed = await call(`/v3/events/${event.id}/participants/${member.id}`, {
      method: "DELETE",
      token: org.token,
    });
    expect(removed.json).toMatchObject({ participant_count: 0, participants: [] });
    expect(
      (await call(`/v3/events/${event.id}/participants/${member.id}`, { method: "DELETE", token: org.token })).status,
    ).toBe(200);
    expect((await register(other.id)).status).toBe(200);
  });

  it("holds the capacity under concurrent registrations", async () => {
    const event = (await createEvent({ capacity: 3 })).json;
    const members = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createMemberVia(org.token, { company_id: org.rootId, firstname: `Köande ${i}` }),
      ),
    );
    const results = await Promise.all(
      members.map((m) =>
        call(`/v3/events/${event.id}/participants`, { method: "POST", token: org.token, body: { member_id: m.id } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect((await call(`/v3/events/${event.id}`, { token: org.token })).json.participant_count).toBe(3);
  });

  it("checks module, permission and scope on every event operation (another company's event is 404, its company 403)", async () => {
    const event = (await createEvent({}, org.token)).json;
    const member = await createMemberVia(org.token, { company_id: org.rootId });
    const noModule = await org.tokenFor({ modules: ["member"] });
    const readOnly = await org.tokenFor({ permissions: ["MEMBER.U"] });
    const otherScope = await org.tokenFor({ companyIds: [org.otherId] });
    const ops = [
      { path: `/v3/events/list?company_id=${org.rootId}`, method: "GET", outOfScope: 403 },
      { path: `/v3/events/${event.id}`, method: "GET", outOfScope: 404 },
      { path: `/v3/events/${event.id}`, method: "PUT", body: { name: "X" }, write: true, outOfScope: 404 },
      {
        path: `/v3/events/${event.id}/participants`,
        method: "POST",
        body: { member_id: member.id },
        write: true,
        outOfScope: 404,
      },
      { path: `/v3/events/${event.id}/participants/${member.id}`, method: "DELETE", write: true, outOfScope: 404 },
      { path: `/v3/events/${event.id}`, method: "DELETE", write: true, outOfScope: 404 },
      {
        path: "/v3/events",
        method: "POST",
        body: { company_id: org.rootId, name: "X", ...winterEvening },
        write: true,
        outOfScope: 403,
      },
    ];
    for (const op of ops) {
      const send = (token?: string) => call(op.path, { method: op.method, token, body: op.body });
      expect((await send()).status, `${op.method} ${op.path}`).toBe(401);
      expect((await send(noModule)).json, `${op.method} ${op.path}`).toEqual({
        reason: "access group lacks the event module",
      });
      if (op.write)
        expect((await send(readOnly)).json, `${op.method} ${op.path}`).toEqual({
          reason: "access group lacks the EVENT.U permission",
        });
      const refused = await send(otherScope);
      expect(refused.status, `${op.method} ${op.path} out of scope`).toBe(op.outOfScope);
      if (op.outOfScope === 404) expect(refused.json).toEqual({ reason: "event not found" });
    }
    expect((await call(`/v3/events/${event.id}`, { token: org.token })).json.name).toBe("Julfest");
    // A member outside the caller's scope cannot be registered for an event in it: answered as a missing member.
    const outsider = await createMemberVia(await org.tokenFor({ companyIds: [org.otherId] }), {
      company_id: org.otherId,
    });
    const wide = await org.tokenFor({ companyIds: [org.rootId] });
    const refused = await call(`/v3/events/${event.id}/participants`, {
      method: "POST",
      token: wide,
      body: { member_id: outsider.id },
    });
    const missing = await call(`/v3/events/${event.id}/participants`, {
      method: "POST",
      token: wide,
      body: { member_id: 999999999 },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual({ member_id: ["member not found"] });
    expect(missing.json).toEqual(refused.json);
  });
});
