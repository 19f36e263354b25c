// Real responses against the documented schemas: a scripted walk calls every operation of /v3/openapi.json, and each
// answer's status must be documented and its body must validate (ajv, JSON Schema 2020-12, with the components).
// An operation the walk does not call fails the test, so a new endpoint must be added here.
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { globalOptOutToken } from "@/modules/lists/services/unsubscribe-links";
import { newAdminUser } from "../dashboard-session";
import { basicHeader, call, makeApiKey, tokensFor, type CallOptions } from "../helpers";
import { createMemberVia, makeOrganization, uniqueEmail, type Organization } from "../member-fixtures";
import { makeList, withSubscriber } from "../subscription-fixtures";

type Doc = {
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
  components: { schemas: Record<string, object> };
};

let doc: Doc;
let ajv: Ajv2020;
const exercised = new Set<string>();
const problems: string[] = [];

beforeAll(async () => {
  doc = (await call("/v3/openapi.json")).json;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: "doc", components: doc.components });
});

/** The documented operation whose templated path matches `path` (literal segments beat parameters). */
function operationFor(method: string, path: string) {
  const segments = path.split("?")[0].replace(/^\/v3/, "").split("/");
  const candidates = Object.entries(doc.paths).filter(([template]) => {
    const parts = template.split("/");
    return parts.length === segments.length && parts.every((p, i) => p.startsWith("{") || p === segments[i]);
  });
  candidates.sort(([a], [b]) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  const found = candidates.find(([, ops]) => ops[method.toLowerCase()]);
  return found ? { template: found[0], op: found[1][method.toLowerCase()] } : undefined;
}

/** Calls the API and checks the answer against the document. */
async function checked(path: string, options: CallOptions = {}) {
  const method = options.method ?? "GET";
  const res = await call(path, options);
  const found = operationFor(method, path);
  if (!found) {
    problems.push(`${method} ${path}: not documented`);
    return res;
  }
  exercised.add(found.op.operationId);
  const response = found.op.responses[String(res.status)];
  if (!response) {
    problems.push(`${method} ${found.template}: status ${res.status} not documented (${res.text.slice(0, 200)})`);
    return res;
  }
  const schema = response.content?.["application/json"]?.schema;
  if (schema) {
    const validate = ajv.compile(rebase(schema));
    if (!validate(res.json))
      problems.push(`${method} ${found.template} ${res.status}: ${ajv.errorsText(validate.errors)}`);
  }
  return res;
}

/** $refs "#/components/…" point into the document added under the id "doc". */
function rebase(schema: object): object {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
}

describe("responses match the OpenAPI document", () => {
  let org: Organization;
  it("has a validator that rejects what breaks a schema (so the walk below can fail)", () => {
    const member = doc.paths["/member/{id}"].get.responses["200"].content!["application/json"].schema;
    const validate = ajv.compile(rebase(member));
    expect(validate({ id: "7", memberships: [] })).toBe(false);
    expect(ajv.errorsText(validate.errors)).toMatch(/must have required property|must be integer/);
  });

  it("walks every documented operation", async () => {
    org = await makeOrganization();
    const token = org.token;
    await checked("/v3/openapi.json");
    // Tokens and the company register.
    const key = await makeApiKey({ companyId: org.rootId, companyIds: [org.rootId] });
    const basic = await checked("/v3/access/user/basic", {
      method: "POST",
      headers: { authorization: basicHeader(key.client_id, key.client_secret) },
    });
    await checked("/v3/access/user/basic", { method: "POST" });
    await checked("/v3/access/user/oauth/refresh_token", {
      method: "POST",
      body: { refresh_token: basic.json.refresh_token },
    });
    await checked("/v3/access/user/oauth/refresh_token", { method: "POST", body: {} });
    // OAuth 2.0 token requests (docs/api.md "OAuth 2.0 clients"): a refresh grant and the {reason, error} refusals.
    const form = (fields: Record<string, string>, authorization?: string): CallOptions => ({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(authorization ? { authorization } : {}) },
      rawBody: new URLSearchParams(fields).toString(),
    });
    const keyBasic = basicHeader(key.client_id, key.client_secret);
    await checked(
      "/v3/access/user/basic",
      form({ grant_type: "refresh_token", refresh_token: (await tokensFor(key)).refresh_token }, keyBasic),
    );
    await checked("/v3/access/user/basic", form({ grant_type: "password" }, keyBasic));
    await checked("/v3/access/user/basic", form({ grant_type: "client_credentials" }));
    const adminToken = (await tokensFor(key)).access_token;
    await checked("/v3/company", { token: adminToken });
    await checked("/v3/company/fk", { token: adminToken });
    await checked(`/v3/company/${org.clubIds[0]}/fk`, { token: adminToken });
    await checked(`/v3/company/${"n".repeat(36)}/fk`, { token: adminToken });
    await checked(`/v3/company/${org.clubIds[0]}/fk`, {
      method: "PUT",
      token: adminToken,
      body: { fk_status: "ML_ADDED" },
    });
    await checked(`/v3/company/${org.clubIds[0]}/fk`, {
      method: "PUT",
      token: adminToken,
      body: { fk_status: "MAYBE" },
    });
    await checked(`/v3/company/fk/status/${org.clubIds[0]}`, { token: adminToken });
    await checked("/v3/company/fk");

    // Organization reference data.
    await checked("/v3/company/hierarchy", { token });
    await checked("/v3/company/search?q=klubb", { token });
    await checked("/v3/company/search?q=k", { token });
    for (const path of ["/v3/company_period", "/v3/membertype", "/v3/property"]) {
      await checked(`${path}?company_id=${org.clubIds[0]}`, { token });
      await checked(`${path}?company_id=${org.otherId}`, { token });
    }

    // Members.
    const created = await checked("/v3/member", {
      method: "POST",
      token,
      body: {
        company_id: org.rootId,
        email: uniqueEmail(),
        firstname: "Nils",
        memberships: [{ company_id: org.clubIds[0], period_id: org.periodId, member_type_id: org.memberTypeId }],
        prop_ids: org.propIds,
      },
    });
    await checked("/v3/member", { method: "POST", token, body: { company_id: org.rootId, email: created.json.email } });
    await checked(`/v3/member/${created.json.id}`, { token });
    await checked(`/v3/member/${created.json.id}`, {
      method: "PUT",
      token,
      body: { lastname: "Holgersson", birthdate: "2010-03-01" },
    });
    await checked("/v3/member/pagination", {
      method: "POST",
      token,
      body: {
        options: { period_id: org.periodId, statuses: ["MEMBER"] },
        orderBy: { created_at: "desc" },
        page: 1,
        limit: 10,
      },
    });
    await checked("/v3/market/members/search", {
      method: "POST",
      token,
      body: {
        filters: {
          member_variables: { email: "EXISTS" },
          companies: { company_ids: [org.clubIds[0]], include: "ANY" },
        },
        page: 1,
        limit: 10,
        sort_by: "created_desc",
        search_text: "",
      },
    });
    await checked("/v3/market/members/search", { method: "POST", token, body: { sort_by: "newest" } });

    // A member's guardians: linked, listed, a 400 for a relation left out, and removed.
    const parent = await checked("/v3/member", {
      method: "POST",
      token,
      body: { company_id: org.rootId, email: uniqueEmail("foralder"), firstname: "Karin" },
    });
    const guardianPath = `/v3/member/${created.json.id}/guardians/${parent.json.id}`;
    await checked(guardianPath, { method: "PUT", token, body: { relation: "förälder" } });
    await checked(guardianPath, { method: "PUT", token, body: {} });
    await checked(`/v3/member/${created.json.id}/guardians`, { token });
    await checked(`/v3/member/999999999/guardians`, { token });
    await checked(guardianPath, { method: "DELETE", token });

    // Events.
    const event = await checked("/v3/events", {
      method: "POST",
      token,
      body: {
        company_id: org.rootId,
        name: "Årsmöte",
        starts_at: "2027-03-01T18:00:00+01:00",
        ends_at: "2027-03-01T20:00:00+01:00",
        capacity: 1,
      },
    });
    await checked(`/v3/events/list?company_id=${org.rootId}`, { token });
    await checked(`/v3/events/${event.json.id}`, { method: "PUT", token, body: { location: "Klubbhuset" } });
    await checked(`/v3/events/${event.json.id}/participants`, {
      method: "POST",
      token,
      body: { member_id: created.json.id },
    });
    const second = await createMemberVia(token, { company_id: org.rootId });
    await checked(`/v3/events/${event.json.id}/participants`, {
      method: "POST",
      token,
      body: { member_id: second.id },
    });
    await checked(`/v3/events/${event.json.id}`, { token });
    await checked(`/v3/events/${event.json.id}/participants/${created.json.id}`, { method: "DELETE", token });
    await checked(`/v3/events/${event.json.id}`, { method: "DELETE", token });
    await checked(`/v3/events/${event.json.id}`, { token });

    // Activities, occasions, attendance and the LOK-stöd report.
    const activityToken = await org.tokenFor({
      modules: ["member", "activity"],
      permissions: ["MEMBER.U", "ACTIVITY.U", "ATTENDANCE.U"],
    });
    const activityCall = (path: string, options: CallOptions = {}) =>
      checked(path, { token: activityToken, ...options });
    const activity = await activityCall("/v3/activities", {
      method: "POST",
      body: {
        company_id: org.rootId,
        name: "Judo",
        capacity: 1,
        leader_ids: [second.id],
        schedule: [{ weekday: 2, start_time: "18:00", duration_minutes: 60, from: "2027-01-12", to: "2027-02-23" }],
      },
    });
    await activityCall("/v3/activities", { method: "POST", body: { company_id: org.rootId } });
    await activityCall(`/v3/activities?company_id=${org.rootId}`);
    await activityCall(`/v3/activities/${activity.json.id}`, { method: "PUT", body: { capacity: 2 } });
    await activityCall(`/v3/activities/${activity.json.id}/occasions`);
    const past = await activityCall(`/v3/activities/${activity.json.id}/occasions`, {
      method: "POST",
      body: { starts_at: "2026-09-01T18:00:00+02:00", duration_minutes: 60 },
    });
    await activityCall(`/v3/activities/${activity.json.id}/participants`, {
      method: "POST",
      body: { member_id: created.json.id },
    });
    await activityCall(`/v3/activities/${activity.json.id}`);
    await activityCall(`/v3/activities/${activity.json.id}/copy`, {
      method: "POST",
      body: { name: "Judo, hösten", from_date: "2027-08-17", participants: "enrolled" },
    });
    await activityCall(`/v3/activities/${activity.json.id}/copy`, {
      method: "POST",
      body: { from_date: "2027-02-30" },
    });
    await activityCall(`/v3/occasions/${past.json.id}`, { method: "PUT", body: { location: "Dojon" } });
    await activityCall(`/v3/occasions/${past.json.id}/attendance`, {
      method: "PUT",
      body: { attendance: [{ member_id: created.json.id, status: "PRESENT" }] },
    });
    await activityCall(`/v3/occasions/${past.json.id}`);
    await activityCall(`/v3/activities/${activity.json.id}/participants/${created.json.id}`, { method: "DELETE" });
    await activityCall(`/v3/lok-report?company_id=${org.rootId}&from=2026-07-01&to=2026-12-31`);
    await activityCall(`/v3/lok-report.csv?company_id=${org.rootId}&from=2026-07-01&to=2026-12-31`);
    await activityCall(`/v3/lok-report.xlsx?company_id=${org.rootId}&from=2026-07-01&to=2026-12-31&lang=en`);
    await activityCall(`/v3/lok-report/settings?company_id=${org.rootId}`);
    await activityCall("/v3/lok-report/settings", {
      method: "PUT",
      body: {
        company_id: org.rootId,
        min_age: 7,
        max_age: 25,
        min_participants: 3,
        min_leader_age: 13,
        min_minutes: 60,
        max_participants_per_leader: 20,
      },
    });
    await activityCall(`/v3/activities/${activity.json.id}`, { method: "DELETE" });
    const spare = await activityCall("/v3/activities", {
      method: "POST",
      body: { company_id: org.rootId, name: "Ny" },
    });
    await activityCall(`/v3/activities/${spare.json.id}`, { method: "DELETE" });
    await activityCall(`/v3/activities/${spare.json.id}`);

    // Subscription lists, public and admin.
    const list = await makeList({ companyId: org.rootId, termHtml: "<p>Jag godkänner</p>", questions: 1 });
    await checked(`/v3/subscription_list/public/${list.uuid}`);
    const subscriberEmail = uniqueEmail();
    const subscribed = await withSubscriber(
      await checked(`/v3/subscription_list/public/${list.uuid}`, {
        method: "POST",
        body: { email: subscriberEmail, terms_accepted: true, answered_prop_ids: list.questionIds },
      }),
      list.uuid,
      subscriberEmail,
    );
    await checked(`/v3/subscription_list/public/${list.uuid}`, { method: "POST", body: { email: "nej" } });
    await checked(`/v3/subscription_list/public/company/${org.rootId}`);
    const subscriber = await checked(`/v3/member/${subscribed.subscriber!.member_id}`, { token });
    await checked(`/v3/subscription_list/${list.id}`, { token: list.token });
    await checked(`/v3/subscription_list?company_id=${org.rootId}`, { token: list.token });
    await checked(`/v3/subscription_list/${list.id}`, {
      method: "PUT",
      token: list.token,
      body: { description: "Nytt" },
    });
    await checked(`/v3/subscription_list/${list.id}/subscribers?limit=5`, { token: list.token });
    await checked(`/v3/subscription_list/member/${subscribed.subscriber!.member_id}`, { token: list.token });
    await checked(`/v3/subscription_list/${list.id}/unsubscribe/${subscribed.subscriber!.member_id}`, {
      method: "POST",
      token: list.token,
    });
    await checked(`/v3/subscription_list/${list.id}/subscribe/${subscribed.subscriber!.member_id}`, {
      method: "POST",
      token: list.token,
    });
    await checked(`/v3/subscription_list/unsubscribe/${list.uuid}/${subscriber.json.uuid}`, { redirect: "manual" });
    await checked(`/v3/subscription_list/unsubscribe/${list.uuid}/${subscriber.json.uuid}`, { method: "POST" });
    const optOut = globalOptOutToken(subscriber.json.uuid);
    await checked(`/v3/subscription_list/unsubscribe/all/${subscriber.json.uuid}?token=${encodeURIComponent(optOut)}`, {
      redirect: "manual",
    });
    await checked(`/v3/subscription_list/unsubscribe/all/${subscriber.json.uuid}`, {
      method: "POST",
      body: { token: optOut },
    });
    await checked(`/v3/subscription_list/unsubscribe/all/${subscriber.json.uuid}`, {
      method: "POST",
      body: { token: "1.x" },
    });
    // Sendouts (the suite's server has no worker: a sent one stays SENDING).
    const sendoutToken = await org.tokenFor({ modules: ["sendout"], permissions: ["SENDOUT.U"] });
    const sendout = await checked("/v3/sendout", {
      method: "POST",
      token: sendoutToken,
      body: { company_id: org.rootId, list_ids: [list.id], subject: "Nyheter", html: "<p>Hej {{firstname|vän}}</p>" },
    });
    await checked("/v3/sendout", {
      method: "POST",
      token: sendoutToken,
      body: { company_id: org.rootId, list_ids: [], subject: "", html: "" },
    });
    await checked(`/v3/sendout?company_id=${org.rootId}`, { token: sendoutToken });
    await checked(`/v3/sendout/${sendout.json.id}`, {
      method: "PUT",
      token: sendoutToken,
      body: { preheader: "Veckans nyheter", activity_ids: [activity.json.id] },
    });
    await checked(`/v3/sendout/${sendout.json.id}/test`, {
      method: "POST",
      token: sendoutToken,
      body: { email: (await newAdminUser("VIEWER")).email },
    });
    await checked(`/v3/sendout/${sendout.json.id}/test`, {
      method: "POST",
      token: sendoutToken,
      body: { email: "kansliet@example.org" },
    });
    await checked(`/v3/sendout/${sendout.json.id}/send`, { method: "POST", token: sendoutToken, body: {} });
    await checked(`/v3/sendout/${sendout.json.id}`, {
      method: "PUT",
      token: sendoutToken,
      body: { subject: "För sent" },
    });
    await checked(`/v3/sendout/${sendout.json.id}/pause`, { method: "POST", token: sendoutToken });
    await checked(`/v3/sendout/${sendout.json.id}/resume`, { method: "POST", token: sendoutToken });
    await checked(`/v3/sendout/${sendout.json.id}/cancel`, { method: "POST", token: sendoutToken });
    await checked(`/v3/sendout/${sendout.json.id}`, { token: sendoutToken });
    await checked(`/v3/sendout/${sendout.json.id}`, { token });
    const created2 = await checked("/v3/subscription_list", {
      method: "POST",
      token: list.token,
      body: { name: "Extra", company_id: org.rootId },
    });
    await checked(`/v3/subscription_list/${created2.json.id}`, { method: "DELETE", token: list.token });
    await checked(`/v3/member/${subscribed.subscriber!.member_id}`, { method: "DELETE", token });
    await checked(`/v3/member/${subscribed.subscriber!.member_id}`, { token });
    await checked(`/v3/member/${created.json.id}`, { token: await org.tokenFor({ companyIds: [org.otherId] }) });
    const mailEvents = { authorization: basicHeader("postmark", process.env.MAIL_EVENTS_SECRET!) };
    const bounce = { RecordType: "Bounce", Type: "HardBounce", TypeCode: 1, Email: uniqueEmail("studs") };
    await checked("/v3/mail/events/postmark", { method: "POST", headers: mailEvents, body: bounce });
    await checked("/v3/mail/events/postmark", { method: "POST", body: bounce });
    await checked("/v3/mail/events", {
      method: "POST",
      headers: mailEvents,
      body: { type: "delivered", email: uniqueEmail("levererad") },
    });
    await checked("/v3/mail/events", { method: "POST", headers: mailEvents, body: { type: "bounce" } });

    expect(problems).toEqual([]);
    const documented = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(documented.filter((id) => !exercised.has(id))).toEqual([]);
  });
});

// ---- webhooks (/v3/webhook…): called before the walk's tests (a top-level beforeAll runs ahead of every test, after
// the document is read), so the walk's checks of problems and of uncalled operations cover these calls too.
beforeAll(async () => {
  const { accessTokenFor, makeCompany } = await import("../helpers");
  const company = await makeCompany("Webhookförbundet");
  const { token } = await accessTokenFor({
    companyId: company.id,
    modules: ["webhook"],
    permissions: ["WEBHOOK.U"],
    companyIds: [company.id],
  });
  const url = "https://hooks.example.org/forening";
  const created = await checked("/v3/webhook", {
    method: "POST",
    token,
    body: { company_id: company.id, url, events: ["member.created", "sendout.sent"] },
  });
  await checked("/v3/webhook", {
    method: "POST",
    token,
    body: { company_id: company.id, url: "http://127.0.0.1/x", events: [] },
  });
  const id = created.json.id as number;
  await checked(`/v3/webhook?company_id=${company.id}`, { token });
  await checked(`/v3/webhook/${id}`, { token });
  await checked(`/v3/webhook/${id}`, {
    method: "PUT",
    token,
    body: { description: "Medlemsregistret", events: ["member.created"] },
  });
  await checked(`/v3/webhook/${id}/rotate_secret`, { method: "POST", token });
  const test = await checked(`/v3/webhook/${id}/test`, { method: "POST", token });
  await checked(`/v3/webhook/${id}/deliveries?limit=10`, { token });
  await checked(`/v3/webhook/${id}/deliveries/${test.json.id}/redeliver`, { method: "POST", token });
  await checked(`/v3/webhook/${id}`, { method: "PUT", token, body: { enabled: false } });
  await checked(`/v3/webhook/${id}/test`, { method: "POST", token });
  await checked(`/v3/webhook/${id}`, { method: "DELETE", token });
  await checked(`/v3/webhook/${id}`, { token });
});

// ---- imports (/v3/imports…): a small CSV through every operation, before the walk's checks (as the webhooks above).
beforeAll(async () => {
  const { makeCompany } = await import("../helpers");
  const companyId = (await makeCompany("Importförbundet")).id;
  const key = await makeApiKey({ companyId, modules: ["member"], permissions: ["MEMBER.U"], companyIds: [companyId] });
  const token = (await tokensFor(key)).access_token;
  const csv = "E-post;Förnamn;Efternamn\r\nanna@import.example.org;Anna;Ek\r\nfel-adress;Bo;Ek\r\n";
  const created = await checked(`/v3/imports?kind=MEMBER&company_id=${companyId}&file_name=medlemmar.csv`, {
    method: "POST",
    token,
    headers: { "content-type": "text/csv; charset=utf-8" },
    rawBody: csv,
  });
  const id = created.json.id as number;
  await checked(`/v3/imports/${id}/preview`, { method: "POST", token, body: { mapping: created.json.mapping } });
  await checked(`/v3/imports/${id}/start`, { method: "POST", token, body: { mapping: created.json.mapping } });
  for (let i = 0; i < 300 && (await call(`/v3/imports/${id}`, { token })).json.status !== "DONE"; i++)
    await new Promise((r) => setTimeout(r, 100));
  await checked("/v3/imports", { token });
  await checked(`/v3/imports/${id}`, { token });
  await checked(`/v3/imports/${id}/result`, { token });
  await checked(`/v3/imports/${id}/undo`, { method: "POST", token });
});
