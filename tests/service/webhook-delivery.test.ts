// Webhook delivery (modules/webhooks/services/delivery.ts) on the services directly, against a real HTTP receiver that
// verifies each signature with standardwebhooks' Webhook.verify (tests/webhook-receiver.ts): every event type, each
// triggered through its service; scope; a receiver that is down and comes back; redelivery; leases; disabling after
// repeated failure with the owner's email (tests/smtp-sink.ts). On a database of this file's own: its worker rounds
// would take other files' events, and theirs this file's. The built server and the API: tests/integration/webhooks.test.ts.
import { createActivity, deleteActivity, updateActivity } from "@/modules/activities/services/activities";
import { addOccasion, recordAttendance } from "@/modules/activities/services/occasions";
import { enrollParticipant } from "@/modules/activities/services/participants";
import { CreateActivityRequest, UpdateActivityRequest } from "@/modules/activities/schemas/activity";
import { AddOccasionRequest } from "@/modules/activities/schemas/occasion";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, watchStatements } from "@/lib/db";
import { closeMailTransport } from "@/lib/mail/transport";
import { operatorCaller } from "@/modules/access/services/caller";
import { confirmSubscription } from "@/modules/lists/services/confirmations";
import { updateFkStatus } from "@/modules/companies/services/fk-status";
import { createMember, eraseMember, updateMember } from "@/modules/members/services/changes";
import { sendSendout, finishSendouts } from "@/modules/sendouts/services/states";
import { createSendout } from "@/modules/sendouts/services/sendouts";
import { createList } from "@/modules/lists/services/lists";
import { optOutEverywhere, unsubscribeByUuids } from "@/modules/lists/services/subscriptions";
import { subscribeVisitor } from "@/modules/lists/services/public-subscribe";
import { runWebhookRound } from "@/modules/webhooks/services/delivery";
import { emitWebhookEvent } from "@/modules/webhooks/services/events";
import { postWebhook } from "@/modules/webhooks/services/target";
import {
  createWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  redeliverWebhook,
  updateWebhookEndpoint,
} from "@/modules/webhooks/services/webhooks";
import { CreateMemberRequest, UpdateMemberRequest } from "@/modules/members/schemas/member";
import { CreateSendoutRequest } from "@/modules/sendouts/schemas/sendout";
import { SubscribeRequest } from "@/modules/lists/schemas/subscription";
import {
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PAYLOADS,
  WebhookDeliveryListQuery,
  type WebhookEventType,
} from "@/modules/webhooks/schemas/webhooks";
import { newAdminUser } from "../dashboard-session";
import { makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";
import { useDatabaseOfOwn } from "../process-fixtures";
import { startSmtpSink, type SmtpSink } from "../smtp-sink";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

const op = operatorCaller();
const settings = {
  WEBHOOK_ALLOW_HTTP: "true",
  WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
  // The schedule of 5 s ... 10 h becomes 0.05 ms ... 360 ms: a delivery uses all 8 attempts in about a second.
  WEBHOOK_RETRY_SCALE: "0.00001",
  WEBHOOK_DISABLE_AFTER_HOURS: "0",
  WEBHOOK_TIMEOUT_MS: "3000",
  SMTP_MAX_PER_SECOND: "0",
  MAIL_FROM: "Förbundet <utskick@example.org>",
  SITE_URL: "https://forening.example.org",
};
let sink: SmtpSink;
let database: Awaited<ReturnType<typeof useDatabaseOfOwn>>;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  database = await useDatabaseOfOwn();
  sink = await startSmtpSink();
  // Read by lib/env.ts on its first call, which comes after this.
  Object.assign(process.env, settings, { SMTP_URL: sink.url });
}, 60_000);

afterAll(async () => {
  closeMailTransport();
  await sink?.stop();
  for (const r of receivers) await r.stop().catch(() => {});
  for (const name of [...Object.keys(settings), "SMTP_URL"]) delete process.env[name];
  await database?.drop();
});

async function receiver() {
  const r = await startWebhookReceiver();
  receivers.push(r);
  return r;
}

async function endpointFor(
  r: WebhookReceiver,
  companyId: string,
  events: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES,
) {
  const created = await createWebhookEndpoint(
    op,
    CreateWebhookEndpointRequest.parse({ company_id: companyId, url: r.url, events }),
  );
  r.setSecret(created.secret);
  return created;
}

/** Worker rounds until `done` holds (rounds are what the job queue runs; here one after another). */
async function roundsUntil(done: () => boolean | Promise<boolean>, timeoutMs = 15_000, owner = "test-worker") {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error("webhook rounds did not finish in time");
    await runWebhookRound(owner, () => false);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const firstPage = WebhookDeliveryListQuery.parse({ limit: "200" });

/**
 * A receiver on loopback that counts its connections; `dropReused` closes a connection when a second request arrives
 * on it, without an answer, as a receiver does that closes an idle kept connection just as it is reused.
 */
async function countingReceiver(dropReused: boolean) {
  const answered: string[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    const socket = req.socket as typeof req.socket & { requests?: number };
    socket.requests = (socket.requests ?? 0) + 1;
    if (dropReused && socket.requests > 1) return socket.destroy();
    req.resume();
    req.on("end", () => {
      answered.push(req.url ?? "");
      res.writeHead(204).end();
    });
  });
  server.on("connection", () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answered,
    connections: () => connections,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe("webhook delivery", () => {
  // First: the process's first round prunes (later ones at most once an hour).
  it("forgets finished deliveries and their events after WEBHOOK_RETENTION_DAYS, and keeps pending ones", async () => {
    const company = await makeCompany("Arkivföreningen");
    const { id: endpointId } = await createWebhookEndpoint(
      op,
      CreateWebhookEndpointRequest.parse({
        company_id: company.id,
        url: "https://hooks.example.org/arkiv",
        events: ["member.created"],
      }),
    );
    await updateWebhookEndpoint(op, endpointId, UpdateWebhookEndpointRequest.parse({ enabled: false }));
    const old = new Date(Date.now() - 31 * 86400e3);
    const delivery = async (status: string, createdAt: Date) => {
      const event = await db().webhookEvent.create({
        data: { type: "member.created", companyId: company.id, payload: "{}", createdAt, fannedOutAt: createdAt },
      });
      const row = await db().webhookDelivery.create({
        data: { messageId: `msg_${crypto.randomUUID()}`, endpointId, eventId: event.id, status, createdAt },
      });
      await db().webhookAttempt.create({ data: { deliveryId: row.id, durationMs: 5, attemptedAt: createdAt } });
      return { event: event.id, delivery: row.id };
    };
    const [oldDelivered, oldFailed, oldPending, recent] = [
      await delivery("DELIVERED", old),
      await delivery("FAILED", old),
      await delivery("PENDING", old),
      await delivery("DELIVERED", new Date()),
    ];
    await runWebhookRound("test-worker", () => false);
    const left = await db().webhookDelivery.findMany({ where: { endpointId }, select: { id: true } });
    expect(left.map((d) => d.id).sort()).toEqual([oldPending.delivery, recent.delivery].sort());
    const events = await db().webhookEvent.findMany({ where: { companyId: company.id }, select: { id: true } });
    expect(events.map((e) => e.id).sort()).toEqual([oldPending.event, recent.event].sort());
    expect(
      await db().webhookAttempt.count({ where: { deliveryId: { in: [oldDelivered.delivery, oldFailed.delivery] } } }),
    ).toBe(0);
  });

  it("sends a round of 30 events with the statements a round of 3 takes: payloads, fan-out and attempts in batches", async () => {
    const r = await receiver();
    const company = await makeCompany("Satsföreningen");
    await endpointFor(r, company.id, ["member.created"]);
    const enabledPending = () =>
      db().webhookDelivery.count({ where: { status: "PENDING", endpoint: { enabled: true } } });
    const roundStatements = async (events: number) => {
      for (let i = 0; i < events; i++)
        await createMember(op, CreateMemberRequest.parse({ company_id: company.id, email: uniqueEmail("sats") }));
      const before = r.accepted().length;
      const watch = watchStatements();
      await runWebhookRound("test-worker", () => false);
      watch.stop();
      expect(r.accepted().length - before).toBe(events);
      expect(await enabledPending()).toBe(0);
      return watch.statements.length;
    };
    expect(await roundStatements(30)).toBe(await roundStatements(3));
  });

  it("delivers every event type, signed, each triggered through its service, with the payload its schema describes", async () => {
    const r = await receiver();
    const company = await makeCompany("Händelseföreningen");
    await endpointFor(r, company.id);
    const list = await createList(op, { name: "Nyheter", company_id: company.id });
    const confirmList = await createList(op, { name: "Bekräfta", company_id: company.id, double_opt_in: true });

    const byType = (type: string) =>
      r
        .accepted()
        .filter((e) => e.body.type === type)
        .map((e) => e.body);
    const visitor = uniqueEmail("besok");
    const subscribed = await subscribeVisitor(list.uuid, SubscribeRequest.parse({ email: visitor }));
    const member = await db().member.findUniqueOrThrow({ where: { id: subscribed.member_id } });
    await subscribeVisitor(confirmList.uuid, SubscribeRequest.parse({ email: visitor }));
    const mail = await sink.waitFor(1);
    const token = /\/confirm\/([^?\s"<>]+)/.exec(
      mail.findLast((m) => m.envelopeTo.includes(visitor))!.parsed.text ?? "",
    )![1];
    expect(await confirmSubscription(token)).toBe("confirmed");
    await unsubscribeByUuids(list.uuid, member.uuid);
    await optOutEverywhere(member.uuid);

    const staffMade = await createMember(
      op,
      CreateMemberRequest.parse({ company_id: company.id, email: uniqueEmail("personal"), firstname: "Greta" }),
    );
    await updateMember(op, staffMade.id, UpdateMemberRequest.parse({ lastname: "Garbo" }));
    // Payloads are built when the worker fans an event out, from the data as it is then: the update is delivered
    // before the erasure, so it still has the names.
    await roundsUntil(() => byType("member.updated").length > 0);
    await eraseMember(op, staffMade.id);
    await updateFkStatus(op, company.id, "ML_ADDED");
    const sendout = await createSendout(
      op,
      CreateSendoutRequest.parse({
        company_id: company.id,
        list_ids: [list.id],
        subject: "Tomt utskick",
        html: "<p>Hej</p>",
      }),
    );
    await sendSendout(op, sendout.id, {});
    await finishSendouts();
    const activity = await createActivity(op, CreateActivityRequest.parse({ company_id: company.id, name: "Judo" }));
    await enrollParticipant(op, activity.id, member.id);
    const occasion = await addOccasion(
      op,
      activity.id,
      AddOccasionRequest.parse({ starts_at: "2026-09-01T18:00:00+02:00", duration_minutes: 60 }),
    );
    await recordAttendance(op, occasion.id, [{ member_id: member.id, status: "PRESENT" }]);
    await updateActivity(op, activity.id, UpdateActivityRequest.parse({ location: "Dojon" }));
    await deleteActivity(
      op,
      (await createActivity(op, CreateActivityRequest.parse({ company_id: company.id, name: "Ny" }))).id,
    );

    await roundsUntil(() => new Set(r.accepted().map((e) => e.body.type)).size === WEBHOOK_EVENT_TYPES.length);
    expect(r.requests.every((e) => e.verified)).toBe(true);
    for (const { type, schema } of WEBHOOK_PAYLOADS) {
      expect(byType(type).length, type).toBeGreaterThan(0);
      for (const body of byType(type)) expect(schema.safeParse(body).success, type).toBe(true);
    }
    expect(byType("subscription.created")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          data: expect.objectContaining({
            list_id: list.id,
            member_id: member.id,
            status: "SUBSCRIBED",
            source: "PUBLIC_FORM",
            list_name: "Nyheter",
          }),
        }),
        expect.objectContaining({ data: expect.objectContaining({ list_id: confirmList.id, status: "PENDING" }) }),
      ]),
    );
    expect(byType("subscription.confirmed")[0].data).toMatchObject({
      list_id: confirmList.id,
      member_id: member.id,
      confirmed_via: "EMAIL_LINK",
    });
    expect(byType("subscription.unsubscribed").map((b) => b.data.via)).toEqual(
      expect.arrayContaining(["LINK", "OPT_OUT"]),
    );
    expect(byType("member.opted_out")[0].data).toEqual({
      company_id: company.id,
      member_id: member.id,
      email: visitor,
    });
    expect(byType("member.updated")[0].data).toMatchObject({ member_id: staffMade.id, lastname: "Garbo" });
    expect(byType("member.erased")[0].data).toEqual({ company_id: company.id, member_id: staffMade.id });
    expect(byType("company.fk_status_changed")[0].data).toEqual({
      company_id: company.id,
      from: "NONE",
      to: "ML_ADDED",
    });
    expect(byType("sendout.sent")[0].data).toEqual({
      company_id: company.id,
      sendout_id: sendout.id,
      subject: "Tomt utskick",
      recipients: 0,
      sent: 0,
      failed: 0,
    });
    expect(byType("member.created").find((b) => b.data.member_id === staffMade.id)!.data).toMatchObject({
      email: staffMade.email,
      firstname: "Greta",
    });
    // Nothing is delivered twice.
    expect(new Set(r.requests.map((e) => e.id)).size).toBe(r.requests.length);
  }, 60_000);

  it("never carries data outside the endpoint's scope: a club's endpoint gets only its club's events, the federation's every club's", async () => {
    const federation = await makeCompany("Förbundet");
    const clubA = await makeCompany("Klubb A", federation.id);
    const clubB = await makeCompany("Klubb B", federation.id);
    const [federationR, clubR] = [await receiver(), await receiver()];
    await endpointFor(federationR, federation.id, ["member.created"]);
    await endpointFor(clubR, clubA.id, ["member.created"]);
    const made = async (companyId: string) =>
      (await createMember(op, CreateMemberRequest.parse({ company_id: companyId, email: uniqueEmail("scope") }))).id;
    const [inA, inB, inFederation] = [await made(clubA.id), await made(clubB.id), await made(federation.id)];
    await roundsUntil(() => federationR.accepted().length >= 3);
    await roundsUntil(async () => (await db().webhookEvent.count({ where: { fannedOutAt: null } })) === 0);
    expect(clubR.accepted().map((e) => e.body.data.member_id)).toEqual([inA]);
    expect(
      federationR
        .accepted()
        .map((e) => e.body.data.member_id)
        .sort(),
    ).toEqual([inA, inB, inFederation].sort());
  }, 30_000);

  it("gets every event to a receiver that was down and comes back, with the same webhook-id on each attempt", async () => {
    const r = await receiver();
    const company = await makeCompany("Nedföreningen");
    const endpoint = await endpointFor(r, company.id, ["member.created"]);
    r.answerWith(503);
    for (let i = 0; i < 5; i++)
      await createMember(op, CreateMemberRequest.parse({ company_id: company.id, email: uniqueEmail("ned") }));
    await roundsUntil(() => r.requests.length >= 5);
    const firstIds = new Set(r.requests.map((e) => e.id));
    expect(firstIds.size).toBe(5);
    await r.stop();
    await runWebhookRound("test-worker", () => false);
    await runWebhookRound("test-worker", () => false);
    const refused = await listWebhookDeliveries(op, endpoint.id, firstPage);
    expect(refused.deliveries.every((d) => d.status === "PENDING" && d.attempts >= 2)).toBe(true);
    expect(refused.deliveries[0].attempt_log[0]).toMatchObject({ status_code: 503, error: "answered 503" });
    expect(refused.deliveries[0].attempt_log[1]).toMatchObject({
      status_code: null,
      error: expect.stringContaining("ECONNREFUSED"),
    });
    expect((await getWebhookEndpoint(op, endpoint.id)).failing_since).not.toBeNull();

    await r.restart();
    r.answerWith(null);
    await roundsUntil(() => r.accepted().length >= 5);
    expect(new Set(r.accepted().map((e) => e.id))).toEqual(firstIds);
    const delivered = await listWebhookDeliveries(op, endpoint.id, firstPage);
    expect(delivered.deliveries.map((d) => d.status)).toEqual(Array(5).fill("DELIVERED"));
    expect(delivered.deliveries[0].attempt_log.at(-1)).toMatchObject({ status_code: 204, error: null });
    expect((await getWebhookEndpoint(op, endpoint.id)).failing_since).toBeNull();
  }, 30_000);

  it("redelivers a message with its id; two workers at once deliver each delivery once", async () => {
    const r = await receiver();
    const company = await makeCompany("Dubbelföreningen");
    const endpoint = await endpointFor(r, company.id, ["member.created"]);
    for (let i = 0; i < 20; i++)
      await createMember(op, CreateMemberRequest.parse({ company_id: company.id, email: uniqueEmail("dubbel") }));
    // Fan out first, then two workers claim at once.
    await runWebhookRound("worker-a", () => true);
    await Promise.all([runWebhookRound("worker-a", () => false), runWebhookRound("worker-b", () => false)]);
    await roundsUntil(() => r.accepted().length >= 20);
    expect(r.requests).toHaveLength(20);
    expect(new Set(r.requests.map((e) => e.id)).size).toBe(20);

    const [newest] = (await listWebhookDeliveries(op, endpoint.id, firstPage)).deliveries;
    await redeliverWebhook(op, endpoint.id, newest.id);
    await roundsUntil(() => r.requests.length >= 21);
    expect(r.requests.at(-1)!.id).toBe(newest.message_id);
    expect(r.requests.at(-1)!.verified).toBe(true);
  }, 30_000);

  it("keeps when a delivery was delivered when a redelivery of it fails", async () => {
    const r = await receiver();
    const company = await makeCompany("Omleveransföreningen");
    const endpoint = await endpointFor(r, company.id, ["member.created"]);
    await createMember(op, CreateMemberRequest.parse({ company_id: company.id, email: uniqueEmail("omleverans") }));
    await roundsUntil(() => r.accepted().length >= 1);
    const [delivery] = (await listWebhookDeliveries(op, endpoint.id, firstPage)).deliveries;
    const deliveredAt = (await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).deliveredAt;
    expect(deliveredAt).not.toBeNull();

    r.answerWith(500);
    await redeliverWebhook(op, endpoint.id, delivery.id);
    await roundsUntil(() => r.requests.length >= 2);
    const after = await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect([after.attempts, after.lastStatusCode]).toEqual([2, 500]);
    expect(after.deliveredAt).toEqual(deliveredAt);
  }, 30_000);

  it("gives up on a receiver that does not answer within WEBHOOK_TIMEOUT_MS, and does not follow a redirect", async () => {
    const redirected: string[] = [];
    const server = http.createServer((req, res) => {
      redirected.push(req.url ?? "");
      if (req.url === "/slow") return; // never answers
      res.writeHead(307, { location: "/elsewhere" }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const slow = await postWebhook(`${base}/slow`, {}, "{}");
      expect(slow).toMatchObject({ statusCode: null, error: "timed out after 3000 ms" });
      expect(slow.durationMs).toBeGreaterThanOrEqual(2900);
      expect(await postWebhook(`${base}/moved`, {}, "{}")).toMatchObject({ statusCode: 307, error: "answered 307" });
      expect(redirected).toEqual(["/slow", "/moved"]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("sends a receiver its deliveries over one kept connection", async () => {
    const target = await countingReceiver(false);
    try {
      for (let i = 0; i < 5; i++)
        expect(await postWebhook(`${target.url}/hooks/${i}`, {}, "{}")).toMatchObject({ statusCode: 204, error: null });
      expect(target.answered).toHaveLength(5);
      expect(target.connections()).toBe(1);
    } finally {
      await target.stop();
    }
  });

  it("sends a delivery again on a new connection, once, when the receiver drops a kept one as it is reused", async () => {
    const target = await countingReceiver(true);
    try {
      expect(await postWebhook(`${target.url}/first`, {}, "{}")).toMatchObject({ statusCode: 204, error: null });
      expect(await postWebhook(`${target.url}/second`, {}, "{}")).toMatchObject({ statusCode: 204, error: null });
      expect(target.answered).toEqual(["/first", "/second"]);
      expect(target.connections()).toBe(2);
    } finally {
      await target.stop();
    }
  });

  it("emits nothing for a change that rolls back", async () => {
    const company = await makeCompany("Ångerföreningen");
    const before = await db().webhookEvent.count();
    await expect(
      db().$transaction(async (tx) => {
        await emitWebhookEvent(
          tx,
          "company.fk_status_changed",
          { companyId: company.id },
          { from: "NONE", to: "ACTIVE" },
        );
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await db().webhookEvent.count()).toBe(before);
  });

  it("disables an endpoint that keeps failing, records it, tells the company's admins, and enabling sends what waited", async () => {
    const r = await receiver();
    const federation = await makeCompany("Tystförbundet");
    const company = await makeCompany("Tystföreningen", federation.id);
    const admin = await newAdminUser("ADMIN", { company_ids: [federation.id], include_descendants: true });
    const outsider = await newAdminUser("ADMIN", { company_ids: [(await makeCompany("Annan")).id] });
    const endpoint = await endpointFor(r, company.id, ["company.fk_status_changed"]);
    r.answerWith(500);
    sink.received.length = 0;
    await updateFkStatus(op, company.id, "ACTIVE");
    await roundsUntil(async () => !(await getWebhookEndpoint(op, endpoint.id)).enabled);
    const disabled = await getWebhookEndpoint(op, endpoint.id);
    expect(disabled).toMatchObject({ enabled: false, disabled_reason: expect.stringContaining("failed") });
    const [delivery] = (await listWebhookDeliveries(op, endpoint.id, firstPage)).deliveries;
    expect(delivery).toMatchObject({ status: "FAILED", attempts: 8, last_status_code: 500, next_attempt_at: null });
    expect(delivery.attempt_log.map((a) => a.status_code)).toEqual(Array(8).fill(500));
    expect(r.requests.every((e) => e.id === delivery.message_id)).toBe(true);
    const audit = await db().auditEntry.findFirst({
      where: { objectType: "webhook_endpoint", objectId: String(endpoint.id), action: "webhook_endpoint.disable" },
    });
    expect(audit).toMatchObject({ actor: "system:webhooks", companyId: company.id });

    const [message] = await sink.waitFor(1);
    expect(message.envelopeTo).toEqual([admin.email]);
    expect(message.parsed.subject).toBe(
      `En webhook för ${company.name} har stängts av / A webhook of ${company.name} has been disabled`,
    );
    expect(message.parsed.text).toContain(r.url);
    expect(sink.received.some((m) => m.envelopeTo.includes(outsider.email))).toBe(false);

    // Disabled: new events are not delivered to it.
    await updateFkStatus(op, company.id, "REJECTED");
    await roundsUntil(async () => (await db().webhookEvent.count({ where: { fannedOutAt: null } })) === 0);
    const countWhileDisabled = r.requests.length;

    r.answerWith(null);
    const enabled = await updateWebhookEndpoint(op, endpoint.id, UpdateWebhookEndpointRequest.parse({ enabled: true }));
    expect(enabled).toMatchObject({ enabled: true, disabled_at: null, disabled_reason: null, failing_since: null });
    await redeliverWebhook(op, endpoint.id, delivery.id);
    await roundsUntil(() => r.accepted().length >= 1);
    expect(r.requests.length).toBe(countWhileDisabled + 1);
    expect(r.accepted()[0].body.data).toMatchObject({ to: "ACTIVE" });
  }, 30_000);
});
