// Webhook endpoints on the services directly (modules/webhooks/services/webhooks.ts): the secret shown once and stored encrypted,
// the target rules (https, no internal addresses), scope, and the delivery records. Delivery over HTTP:
// webhook-delivery.test.ts.
import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { db } from "@/lib/db";
import { callerForApiKey } from "@/modules/access/services/api-keys";
import { operatorCaller } from "@/modules/access/services/caller";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  openSecret,
  redeliverWebhook,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
} from "@/modules/webhooks/services/webhooks";
import {
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WebhookDeliveryListQuery,
} from "@/modules/webhooks/schemas/webhooks";
import { makeApiKey, makeCompany } from "../helpers";

const op = operatorCaller();
const create = (companyId: string, url = "https://hooks.example.org/in", caller = op) =>
  createWebhookEndpoint(
    caller,
    CreateWebhookEndpointRequest.parse({
      company_id: companyId,
      url,
      events: ["member.created", "subscription.created"],
    }),
  );
const firstPage = WebhookDeliveryListQuery.parse({});

describe("a webhook endpoint", () => {
  it("answers its whsec_ secret once, keeps it only encrypted, and a rotation replaces it", async () => {
    const company = await makeCompany("Webhookföreningen");
    const created = await create(company.id);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(() => new Webhook(created.secret)).not.toThrow();
    const row = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secretEncrypted).not.toContain(created.secret.slice(6));
    expect(openSecret(row)).toBe(created.secret);
    const read = await getWebhookEndpoint(op, created.id);
    expect(read).not.toHaveProperty("secret");
    expect(JSON.stringify(await listWebhookEndpoints(op, company.id))).not.toContain(created.secret);

    const rotated = await rotateWebhookSecret(op, created.id);
    expect(rotated.secret).not.toBe(created.secret);
    expect(openSecret(await db().webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } }))).toBe(
      rotated.secret,
    );
    const audit = await db().auditEntry.findMany({
      where: { objectType: "webhook_endpoint", objectId: String(created.id) },
      orderBy: { id: "asc" },
    });
    expect(audit.map((a) => a.action)).toEqual(["webhook_endpoint.create", "webhook_endpoint.rotate_secret"]);
    expect(JSON.stringify(audit)).not.toContain(rotated.secret);
  });

  it("must be https and must not name a private, loopback or local address", async () => {
    const company = await makeCompany();
    const refused = async (url: string) =>
      create(company.id, url).then(
        () => null,
        (e: { errors?: unknown }) => e.errors,
      );
    expect(await refused("http://hooks.example.org/in")).toEqual({ url: ["must be an https URL"] });
    for (const url of [
      "https://127.0.0.1/x",
      "https://10.1.2.3/x",
      "https://192.168.1.1/x",
      "https://169.254.169.254/latest",
      "https://[::1]/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://localhost/x",
      "https://localhost./x",
      "https://intranet/x",
      "https://db.internal/x",
    ]) {
      expect(await refused(url), url).toEqual({ url: ["must not be a private, loopback or local address"] });
    }
    expect(await refused("https://user:pw@hooks.example.org/x")).toEqual({ url: ["must not carry credentials"] });
    expect(
      CreateWebhookEndpointRequest.safeParse({
        company_id: company.id,
        url: "ftp://x.example.org",
        events: ["member.created"],
      }).success,
    ).toBe(false);
    expect(
      CreateWebhookEndpointRequest.safeParse({
        company_id: company.id,
        url: "https://x.example.org",
        events: ["member.nope"],
      }).success,
    ).toBe(false);
    expect(
      CreateWebhookEndpointRequest.safeParse({ company_id: company.id, url: "https://x.example.org", events: [] })
        .success,
    ).toBe(false);
  });

  it("of another company is 404 to a caller out of scope; a club's key does not see its federation's endpoint that hears every club", async () => {
    const federation = await makeCompany("Förbundet");
    const club = await makeCompany("Klubben", federation.id);
    const other = await makeCompany("Annan");
    const federationEndpoint = await create(federation.id);
    const outsider = (await callerForApiKey((await makeApiKey({ companyId: other.id, companyIds: [other.id] })).id))!;
    await expect(getWebhookEndpoint(outsider, federationEndpoint.id)).rejects.toMatchObject({
      status: 404,
      message: "webhook endpoint not found",
    });
    await expect(deleteWebhookEndpoint(outsider, federationEndpoint.id)).rejects.toMatchObject({ status: 404 });
    await expect(listWebhookEndpoints(outsider, federation.id)).rejects.toMatchObject({ status: 403 });

    // A key of the federation only (no descendants) makes an endpoint that hears the federation alone.
    const federationOnly = (await callerForApiKey(
      (await makeApiKey({ companyId: federation.id, companyIds: [federation.id], includeDescendants: false })).id,
    ))!;
    const narrow = await create(federation.id, undefined, federationOnly);
    expect(narrow.include_descendants).toBe(false);
    expect(federationEndpoint.include_descendants).toBe(true);
    // ... and does not see the endpoint that hears the clubs, whose secret would open their events.
    await expect(getWebhookEndpoint(federationOnly, federationEndpoint.id)).rejects.toMatchObject({ status: 404 });
    expect((await listWebhookEndpoints(federationOnly, federation.id)).map((e) => e.id)).toEqual([narrow.id]);

    const clubKey = (await callerForApiKey((await makeApiKey({ companyId: club.id, companyIds: [club.id] })).id))!;
    await expect(getWebhookEndpoint(clubKey, federationEndpoint.id)).rejects.toMatchObject({ status: 404 });
    const clubEndpoint = await create(club.id, undefined, clubKey);
    expect((await getWebhookEndpoint(clubKey, clubEndpoint.id)).company_id).toBe(club.id);

    const reader = (await callerForApiKey(
      (await makeApiKey({ companyId: club.id, companyIds: [club.id], permissions: [] })).id,
    ))!;
    expect((await getWebhookEndpoint(reader, clubEndpoint.id)).id).toBe(clubEndpoint.id);
    await expect(rotateWebhookSecret(reader, clubEndpoint.id)).rejects.toMatchObject({ status: 403 });
    const noModule = (await callerForApiKey(
      (await makeApiKey({ companyId: club.id, companyIds: [club.id], modules: ["member"] })).id,
    ))!;
    await expect(getWebhookEndpoint(noModule, clubEndpoint.id)).rejects.toMatchObject({ status: 403 });
  });

  it("queues a test event and a redelivery with the same message id; a disabled endpoint refuses both with 409", async () => {
    const company = await makeCompany();
    const endpoint = await create(company.id);
    const test = await sendWebhookTest(op, endpoint.id);
    expect(test).toMatchObject({
      endpoint_id: endpoint.id,
      event_type: "webhook.test",
      status: "PENDING",
      attempts: 0,
      attempt_log: [],
    });
    expect(test.message_id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(test.payload).toMatchObject({
      type: "webhook.test",
      data: { endpoint_id: endpoint.id, company_id: company.id },
    });
    await db().webhookDelivery.update({
      where: { id: test.id },
      data: { status: "FAILED", attempts: 8, retryStep: 8 },
    });
    const again = await redeliverWebhook(op, endpoint.id, test.id);
    expect(again).toMatchObject({ id: test.id, message_id: test.message_id, status: "PENDING" });
    expect((await listWebhookDeliveries(op, endpoint.id, firstPage)).deliveries.map((d) => d.id)).toEqual([test.id]);

    const other = await create((await makeCompany()).id);
    await expect(redeliverWebhook(op, other.id, test.id)).rejects.toMatchObject({
      status: 404,
      message: "webhook delivery not found",
    });

    await updateWebhookEndpoint(op, endpoint.id, UpdateWebhookEndpointRequest.parse({ enabled: false }));
    await expect(sendWebhookTest(op, endpoint.id)).rejects.toMatchObject({
      status: 409,
      message: "webhook endpoint is disabled",
    });
    await expect(redeliverWebhook(op, endpoint.id, test.id)).rejects.toMatchObject({ status: 409 });
    const enabled = await updateWebhookEndpoint(
      op,
      endpoint.id,
      UpdateWebhookEndpointRequest.parse({ enabled: true, events: ["sendout.sent", "member.erased"] }),
    );
    expect(enabled).toMatchObject({
      enabled: true,
      disabled_at: null,
      failing_since: null,
      events: ["member.erased", "sendout.sent"],
    });

    await deleteWebhookEndpoint(op, endpoint.id);
    expect(await db().webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    await expect(getWebhookEndpoint(op, endpoint.id)).rejects.toMatchObject({ status: 404 });
  });
});
