// Webhooks over HTTP against the built server, with its worker on (started as a deployment runs it, from server.ts on
// the job queue), delivering to a real receiver that verifies every signature with standardwebhooks' Webhook.verify
// (tests/webhook-receiver.ts). On a database of this file's own: its worker would take other files' events. The rules
// of the services in detail: tests/service/webhook*.test.ts.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { globalOptOutToken } from "@/modules/lists/services/unsubscribe-links";
import { startServer, type TestServer } from "../../scripts/lib/test-stack";
import { basicHeader, call, makeApiKey, makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";
import { useDatabaseOfOwn, waitFor } from "../process-fixtures";
import { startSmtpSink, type SmtpSink } from "../smtp-sink";
import { withSubscriber } from "../subscription-fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

let sink: SmtpSink;
let server: TestServer;
let database: Awaited<ReturnType<typeof useDatabaseOfOwn>>;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  database = await useDatabaseOfOwn();
  sink = await startSmtpSink();
  server = await startServer({
    databaseUrl: database.url,
    secrets: inject("secrets"),
    env: {
      WEBHOOK_WORKER: "on",
      WEBHOOK_POLL_MS: "200",
      // 5 s, 5 min, 30 min, 2 h ... become 0.5 ms, 30 ms, 180 ms, 720 ms ...
      WEBHOOK_RETRY_SCALE: "0.0001",
      WEBHOOK_ALLOW_HTTP: "true",
      WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
      SENDOUT_WORKER: "on",
      SENDOUT_POLL_MS: "200",
      SMTP_URL: sink.url,
      SMTP_MAX_PER_SECOND: "0",
      RATE_LIMIT_PUBLIC_POST_PER_MIN: "1000",
      SITE_URL: "https://forening.example.org",
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await sink?.stop();
  for (const r of receivers) await r.stop().catch(() => {});
  await database?.drop();
});

const api = (path: string, token: string, options: { method?: string; body?: unknown } = {}) =>
  call(path, { ...options, token, baseUrl: server.baseUrl });

async function tokenFor(companyId: string, companyIds = [companyId]) {
  const key = await makeApiKey({ companyId, companyIds });
  const issued = await call("/v3/access/user/basic", {
    method: "POST",
    headers: { authorization: basicHeader(key.client_id, key.client_secret) },
    baseUrl: server.baseUrl,
  });
  return issued.json.access_token as string;
}

async function receiverFor(token: string, companyId: string, events: string[]) {
  const r = await startWebhookReceiver();
  receivers.push(r);
  const created = await api("/v3/webhook", token, {
    method: "POST",
    body: { company_id: companyId, url: r.url, events },
  });
  expect(created.status).toBe(201);
  r.setSecret(created.json.secret);
  return { receiver: r, endpoint: created.json as { id: number; secret: string } };
}

describe("webhooks over HTTP", () => {
  it("answers the secret once, and delivers signed events of the public subscribe, the unsubscribe links, members, fk_status and a sendout", async () => {
    const company = await makeCompany("Krokförbundet");
    const token = await tokenFor(company.id);
    const { receiver, endpoint } = await receiverFor(token, company.id, [
      "subscription.created",
      "subscription.unsubscribed",
      "member.opted_out",
      "member.created",
      "member.updated",
      "member.erased",
      "company.fk_status_changed",
      "sendout.sent",
    ]);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const read = await api(`/v3/webhook/${endpoint.id}`, token);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.json)).not.toContain(endpoint.secret.slice(6));
    expect(JSON.stringify((await api(`/v3/webhook?company_id=${company.id}`, token)).json)).not.toContain(
      endpoint.secret.slice(6),
    );

    const list = await api("/v3/subscription_list", token, {
      method: "POST",
      body: { name: "Nyheter", company_id: company.id },
    });
    const listUuid = (await api(`/v3/subscription_list/${list.json.id}`, token)).json.uuid as string;
    const visitor = uniqueEmail("krok");
    const subscribed = await withSubscriber(
      await call(`/v3/subscription_list/public/${listUuid}`, {
        method: "POST",
        body: { email: visitor },
        baseUrl: server.baseUrl,
      }),
      listUuid,
      visitor,
    );
    expect(subscribed.status).toBe(201);
    const memberUuid = (await api(`/v3/member/${subscribed.subscriber!.member_id}`, token)).json.uuid as string;
    await call(`/v3/subscription_list/unsubscribe/${listUuid}/${memberUuid}`, {
      method: "POST",
      baseUrl: server.baseUrl,
    });
    const optOut = await call(
      `/v3/subscription_list/unsubscribe/all/${memberUuid}?token=${globalOptOutToken(memberUuid)}`,
      { method: "POST", baseUrl: server.baseUrl },
    );
    expect(optOut.status).toBe(200);
    const member = await api("/v3/member", token, {
      method: "POST",
      body: { company_id: company.id, email: uniqueEmail("krok") },
    });
    await api(`/v3/member/${member.json.id}`, token, { method: "PUT", body: { firstname: "Kerstin" } });
    await api(`/v3/member/${member.json.id}`, token, { method: "DELETE" });
    expect(
      (await api(`/v3/company/${company.id}/fk`, token, { method: "PUT", body: { fk_status: "ML_ADDED" } })).status,
    ).toBe(200);
    const sendout = await api("/v3/sendout", token, {
      method: "POST",
      body: { company_id: company.id, list_ids: [list.json.id], subject: "Ingen kvar", html: "<p>Hej</p>" },
    });
    await api(`/v3/sendout/${sendout.json.id}/send`, token, { method: "POST", body: {} });

    const expected = [
      "subscription.created",
      "subscription.unsubscribed",
      "member.opted_out",
      "member.created",
      "member.updated",
      "member.erased",
      "company.fk_status_changed",
      "sendout.sent",
    ];
    await waitFor(
      "every event type",
      async () => expected.every((type) => receiver.accepted().some((e) => e.body.type === type)),
      30_000,
    );
    expect(receiver.requests.every((e) => e.verified)).toBe(true);
    const created = receiver
      .accepted()
      .filter((e) => e.body.type === "member.created")
      .map((e) => e.body.data.member_id);
    expect(created).toEqual(expect.arrayContaining([subscribed.subscriber!.member_id, member.json.id]));

    // The test event and the delivery log.
    const test = await api(`/v3/webhook/${endpoint.id}/test`, token, { method: "POST" });
    expect(test.status).toBe(200);
    await waitFor("the test event", async () => receiver.accepted().some((e) => e.body.type === "webhook.test"));
    // The receiver has it before the worker has recorded the answer: wait for the record.
    const testDeliveryOf = async () =>
      (await api(`/v3/webhook/${endpoint.id}/deliveries?limit=200`, token)).json.deliveries.find(
        (d: { id: number }) => d.id === test.json.id,
      );
    await waitFor("the test event's delivery recorded", async () => (await testDeliveryOf())?.status !== "PENDING");
    const testDelivery = await testDeliveryOf();
    expect(testDelivery).toMatchObject({
      status: "DELIVERED",
      attempts: 1,
      last_status_code: 204,
      message_id: test.json.message_id,
    });
    expect(testDelivery.attempt_log[0].duration_ms).toBeGreaterThanOrEqual(0);
    const redelivered = await api(`/v3/webhook/${endpoint.id}/deliveries/${test.json.id}/redeliver`, token, {
      method: "POST",
    });
    expect(redelivered.status).toBe(200);
    await waitFor(
      "the redelivery",
      async () => receiver.accepted().filter((e) => e.id === test.json.message_id).length === 2,
    );
  }, 90_000);

  it("gets every event to a receiver that is down and comes back, once each, with ids stable across attempts", async () => {
    const company = await makeCompany("Avbrottsföreningen");
    const token = await tokenFor(company.id);
    const { receiver, endpoint } = await receiverFor(token, company.id, ["member.created"]);
    await receiver.stop();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++)
      ids.push(
        (
          await api("/v3/member", token, {
            method: "POST",
            body: { company_id: company.id, email: uniqueEmail("avbrott") },
          })
        ).json.id,
      );
    await waitFor("failed attempts", async () => {
      const page = await api(`/v3/webhook/${endpoint.id}/deliveries`, token);
      return page.json.count === 6 && page.json.deliveries.every((d: { attempts: number }) => d.attempts >= 2);
    });
    const waiting = (await api(`/v3/webhook/${endpoint.id}/deliveries`, token)).json.deliveries;
    expect(waiting[0]).toMatchObject({
      status: "PENDING",
      last_status_code: null,
      last_error: expect.stringContaining("ECONNREFUSED"),
    });
    expect((await api(`/v3/webhook/${endpoint.id}`, token)).json.failing_since).not.toBeNull();

    await receiver.restart();
    await waitFor("every event after the receiver came back", async () => receiver.accepted().length >= 6, 30_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(
      receiver
        .accepted()
        .map((e) => e.body.data.member_id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(receiver.requests).toHaveLength(6);
    expect(new Set(receiver.requests.map((e) => e.id))).toEqual(
      new Set(waiting.map((d: { message_id: string }) => d.message_id)),
    );
  }, 90_000);

  it("keeps a club's endpoint to its club, and another company's endpoint is 404 to a caller out of scope", async () => {
    const federation = await makeCompany("Paraplyförbundet");
    const [clubA, clubB] = [await makeCompany("Klubb A", federation.id), await makeCompany("Klubb B", federation.id)];
    const federationToken = await tokenFor(federation.id);
    const clubToken = await tokenFor(clubA.id);
    const club = await receiverFor(clubToken, clubA.id, ["member.created"]);
    const all = await receiverFor(federationToken, federation.id, ["member.created"]);
    const inB = (
      await api("/v3/member", federationToken, {
        method: "POST",
        body: { company_id: clubB.id, email: uniqueEmail("b") },
      })
    ).json.id;
    const inA = (
      await api("/v3/member", federationToken, {
        method: "POST",
        body: { company_id: clubA.id, email: uniqueEmail("a") },
      })
    ).json.id;
    await waitFor("both members at the federation's endpoint", async () => all.receiver.accepted().length >= 2);
    await waitFor("club A's member at the club's endpoint", async () => club.receiver.accepted().length >= 1);
    expect(club.receiver.requests.map((e) => e.body.data.member_id)).toEqual([inA]);
    expect(
      all.receiver
        .accepted()
        .map((e) => e.body.data.member_id)
        .sort(),
    ).toEqual([inA, inB].sort());

    const clubBToken = await tokenFor(clubB.id);
    for (const [method, path] of [
      ["GET", ""],
      ["PUT", ""],
      ["DELETE", ""],
      ["POST", "/rotate_secret"],
      ["GET", "/deliveries"],
      ["POST", "/test"],
    ] as const) {
      const res = await api(`/v3/webhook/${club.endpoint.id}${path}`, clubBToken, {
        method,
        body: method === "PUT" ? { description: "x" } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json).toEqual({ reason: "webhook endpoint not found" });
    }
    expect((await api(`/v3/webhook/${all.endpoint.id}`, clubToken)).status).toBe(404);
    expect((await api(`/v3/webhook?company_id=${clubA.id}`, clubBToken)).status).toBe(403);
  }, 60_000);
});
