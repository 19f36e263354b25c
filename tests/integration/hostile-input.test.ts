// Input at the edge, one case per class of bad input found on the landed main: each was a 5xx, an HTML
// answer or a silent coercion before. tests/integration/fuzz.test.ts generates many more of each class.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { MAX_INPUT_DEPTH } from "@/lib/validation/parse";
import { accessTokenFor, baseUrl, call, makeCompany, sendTarget, uniqueIp } from "../helpers";
import { makeList } from "../subscription-fixtures";

const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("malformed percent-encoding in the path", () => {
  it("is the route's own answer on /v3, never a 500", async () => {
    const company = await makeCompany();
    const { token } = await accessTokenFor({ companyIds: [company.id] });
    for (const bad of ["%FF", "%C0%AF", "%E2%82", "%ED%A0%80", "abc%FFdef"]) {
      const read = await call(`/v3/company/${bad}/fk`, { token });
      expect(read.status, bad).toBe(400);
      expect(read.json).toMatchObject({ code: "validation_error", errors: { company_id: ["must be 36 characters"] } });
      const member = await call(`/v3/member/${bad}`, { token });
      expect(member.status, bad).toBe(400);
      expect(member.json.errors.id).toEqual(["must be an integer id"]);
    }
  });

  it("the public lists of a company: 400 like every other malformed company_id (security finding 8: %E0%80 was 200 [])", async () => {
    for (const bad of ["%E0%80", "%FF", "%C0%AF", "abc%FFdef"]) {
      const res = await call(`/v3/subscription_list/public/company/${bad}`, { ip: uniqueIp() });
      expect(res.status, bad).toBe(400);
      expect(res.json).toMatchObject({ code: "validation_error", errors: { company_id: ["must be 36 characters"] } });
    }
  });

  it("POST unsubscribe answers 200 {ok: true} whatever the ids are (spec 4.4)", async () => {
    for (const [list, member] of [
      ["%FF", "%C0%AF"],
      ["%00", "x"],
      ["a%00b", "%FF%FE"],
      ["%E2%82", "%00"],
    ]) {
      const res = await call(`/v3/subscription_list/unsubscribe/${list}/${member}`, { method: "POST" });
      expect(res.status, `${list}/${member}`).toBe(200);
      expect(res.json).toEqual({ ok: true });
    }
  });

  it("the hosted pages answer their 404 page", async () => {
    for (const path of ["/subscribe/%FF", "/subscribe/%C0%AF", "/subscribe/%00", "/subscribe/nope"]) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.text).toContain("<html");
    }
    const unsubscribe = await call("/unsubscribe/%FF/%00");
    expect(unsubscribe.status).toBe(200); // the confirmation page of an unknown list; pressing its button changes nothing
  });
});

// A request is answered by the route its path names, or refused. The fuzz run with seed 660511707 found
// `GET /v3/subscription_list/unsubscribe/%2E%2E/1` answered by `GET /v3/subscription_list/1` (tests/fuzz/regressions.ts).
// fetch() would resolve the dots itself, so these send their targets as written (sendTarget).
describe("dot segments in the path", () => {
  it("written percent-encoded, they are an id of the route the literal path names", async () => {
    const f = await makeList();
    const { token } = await accessTokenFor({ companyIds: [f.companyId] });
    const bearer = { authorization: `Bearer ${token}` };
    for (const dots of ["%2E%2E", "%2e%2e", ".%2E", "%2e.", "%2E"]) {
      // The GET unsubscribe link leads to the hosted confirmation page of that (unknown) list; never the list itself.
      const link = await sendTarget(`/v3/subscription_list/unsubscribe/${dots}/${f.id}`, { headers: bearer });
      expect(link.status, `${dots}: ${link.text}`).toBe(303);
      expect(link.headers.location).toBe(`/unsubscribe/${encodeURIComponent(dots)}/${f.id}`);
      const unsubscribe = await sendTarget(`/v3/subscription_list/unsubscribe/${dots}/${dots}`, { method: "POST" });
      expect(unsubscribe.status, dots).toBe(200);
      expect(JSON.parse(unsubscribe.text)).toEqual({ ok: true });
    }
    const fk = await sendTarget(`/v3/company/%2E%2E/fk`, { headers: bearer });
    expect(fk.status, fk.text).toBe(400);
    expect(JSON.parse(fk.text).errors.company_id).toEqual(["must be 36 characters"]);
    const member = await sendTarget(`/v3/member/%2E`, { headers: bearer });
    expect(member.status, member.text).toBe(400);
    expect(JSON.parse(member.text).errors.id).toEqual(["must be an integer id"]);
  });

  it("a link's parameter holding slashes and dots stays one segment of the hosted page's address", async () => {
    // The redirect once joined the parameters and split them on "/": `..%2F` became `/unsubscribe/..//1`, which a
    // browser resolves to another path.
    const link = await sendTarget(`/v3/subscription_list/unsubscribe/%2E%2E%2F/1?lang=en`);
    expect(link.status, link.text).toBe(303);
    expect(link.headers.location).toBe(`/unsubscribe/..%2F/1?lang=en`);
    const optOut = await sendTarget(`/v3/subscription_list/unsubscribe/all/a%2F..%2F..%2Fx?token=t`);
    expect(optOut.status, optOut.text).toBe(303);
    expect(optOut.headers.location).toBe(`/unsubscribe/all/a%2F..%2F..%2Fx?token=t`);
  });

  it("written percent-encoded in a hosted page's path, they are its unknown list", async () => {
    for (const dots of ["%2E%2E", ".%2e", "%2E"]) {
      const subscribe = await sendTarget(`/subscribe/${dots}`);
      expect(subscribe.status, dots).toBe(404);
      expect(subscribe.text).toContain("<html");
      const unsubscribe = await sendTarget(`/unsubscribe/${dots}/x`);
      expect(unsubscribe.status, dots).toBe(200);
      expect(unsubscribe.text).toContain('name="member_uuid" value="x"'); // the confirmation page of an unknown list
    }
  });

  it("written plainly (curl --path-as-is), they are a 308 to the path they resolve to", async () => {
    const f = await makeList();
    for (const [target, location] of [
      [`/v3/subscription_list/unsubscribe/../${f.id}`, `/v3/subscription_list/${f.id}`],
      ["/v3/company/../fk?lang=en", "/v3/fk?lang=en"],
      ["/v3/company/./fk", "/v3/company/fk"],
      ["/subscribe/..", "/"],
      ["/subscribe/x/../..//evil.example", "/evil.example"],
    ]) {
      const res = await sendTarget(target, { headers: { authorization: `Bearer ${f.token}` } });
      expect(res.status, `${target}: ${res.text.slice(0, 200)}`).toBe(308);
      expect(res.headers.location, target).toBe(location);
    }
  });
});

describe("every /v3 answer is JSON", () => {
  it("404 for an unknown path, whatever the method", async () => {
    for (const [method, path] of [
      ["GET", "/v3/nothing"],
      ["POST", "/v3/company/fk/extra/segments"],
      ["DELETE", "/v3"],
    ]) {
      const res = await call(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.json).toEqual({ reason: "not found" });
    }
  });

  it("405 with Allow for a known path and another method (a literal segment beats a parameter)", async () => {
    const company = await call("/v3/company", { method: "DELETE" });
    expect(company.status).toBe(405);
    expect(company.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(company.json).toEqual({ reason: "method not allowed; use GET, HEAD, OPTIONS" });
    const eventsList = await call("/v3/events/list", { method: "POST" });
    expect(eventsList.status).toBe(405);
    expect(eventsList.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});

describe("bodies", () => {
  it("413 with a reason for a body over the limit, declared or not", async () => {
    const f = await makeList();
    const big = JSON.stringify({ email: "a@example.org", firstname: "x".repeat(1024 * 1024) });
    const declared = await call(`/v3/subscription_list/public/${f.uuid}`, {
      method: "POST",
      rawBody: big,
      headers: { "content-type": "application/json" },
    });
    expect(declared.status).toBe(413);
    expect(declared.json).toEqual({ reason: "request body too large (limit 1048576 bytes)" });
    // Without Content-Length (chunked), the wrapper counts what it reads.
    const chunks = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const res = await fetch(`${baseUrl()}/v3/subscription_list/public/${f.uuid}`, {
      method: "POST",
      body: chunks,
      headers: { "content-type": "application/json", "x-forwarded-for": uniqueIp() },
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ reason: "request body too large (limit 1048576 bytes)" });
    expect(await db().subscription.count({ where: { listId: f.id } })).toBe(0);
  });

  it("415 for a body that is neither JSON nor, where accepted, a form", async () => {
    const f = await makeList();
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
    ]) {
      const res = await call(`/v3/subscription_list/public/${f.uuid}`, {
        method: "POST",
        rawBody: "email=a@example.org",
        headers: { "content-type": type },
      });
      expect(res.status, type).toBe(415);
      expect(res.json).toEqual({ reason: "unsupported content type: send application/json" });
    }
    // The refresh endpoint takes a form too (OAuth 2.0 clients send one): an unknown token is its 403, not a 415.
    const form = await call("/v3/access/user/oauth/refresh_token", {
      method: "POST",
      rawBody: "refresh_token=unknown",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(403);
    const json = await call(`/v3/subscription_list/public/${f.uuid}`, {
      method: "POST",
      rawBody: '{"email":"b@example.org"}',
      headers: { "content-type": "application/merge-patch+json" },
    });
    expect(json.status).toBe(201);
  });

  it(`400 for nesting deeper than ${MAX_INPUT_DEPTH} levels, named by the field it is in`, async () => {
    const company = await makeCompany();
    const { token } = await accessTokenFor({ companyIds: [company.id] });
    const fk = await call(`/v3/company/${company.id}/fk`, {
      method: "PUT",
      token,
      rawBody: `{"fk_status":${deep(5000)}}`,
      headers: { "content-type": "application/json" },
    });
    expect(fk.status).toBe(400);
    expect(fk.json.errors).toEqual({ fk_status: [`must not be nested deeper than ${MAX_INPUT_DEPTH} levels`] });
    const f = await makeList();
    const design = await call(`/v3/subscription_list/${f.id}`, {
      method: "PUT",
      token: f.token,
      rawBody: `{"design":{"a":${deep(3000)}}}`,
      headers: { "content-type": "application/json" },
    });
    expect(design.status).toBe(400);
    expect(Object.keys(design.json.errors)).toEqual(["design"]);
    const shallow = await call(`/v3/subscription_list/${f.id}`, {
      method: "PUT",
      token: f.token,
      body: { design: { a: JSON.parse(deep(MAX_INPUT_DEPTH - 2)) } },
    });
    expect(shallow.status).toBe(200);
  });

  it("a JSON body that is not an object is reported on the contract's fields", async () => {
    const company = await makeCompany();
    const { token } = await accessTokenFor({ companyIds: [company.id] });
    for (const rawBody of ["null", "[]", '"ACTIVE"', "42"]) {
      const res = await call(`/v3/company/${company.id}/fk`, {
        method: "PUT",
        token,
        rawBody,
        headers: { "content-type": "application/json" },
      });
      expect(res.status, rawBody).toBe(400);
      expect(Object.keys(res.json.errors), rawBody).toEqual(["fk_status"]);
      expect(res.json.form_errors).toEqual(["the body must be a JSON object"]);
      expect(res.json.reason).toMatch(/^fk_status: must be one of NONE, ML_ADDED, FK_ADDED, ACTIVE, REJECTED/);
    }
  });
});

describe("NUL characters and strict types", () => {
  it("400 for a NUL anywhere it would reach the database, on both providers alike", async () => {
    const f = await makeList();
    const subscribe = await call(`/v3/subscription_list/public/${f.uuid}`, {
      method: "POST",
      body: { email: "nul@example.org", firstname: "A\u0000B" },
    });
    expect(subscribe.status).toBe(400);
    expect(subscribe.json.errors).toEqual({ firstname: ["must not contain NUL characters"] });
    const email = await call(`/v3/subscription_list/public/${f.uuid}`, {
      method: "POST",
      body: { email: "nul\u0000@example.org" },
    });
    expect(email.status).toBe(400);
    const search = await call(`/v3/subscription_list/${f.id}/subscribers?q=a%00b`, { token: f.token });
    expect(search.status).toBe(400);
    expect(search.json.errors).toEqual({ q: ["must not contain NUL characters"] });
    const { token } = await accessTokenFor({ companyIds: [f.companyId] });
    const path = await call(`/v3/company/${"a".repeat(35)}%00/fk`, { token });
    expect(path.status).toBe(400);
    expect(await db().member.count({ where: { organizationId: f.companyId } })).toBe(0);
  });

  it("a Basic client_id or secret with a NUL is unparseable credentials, not a database error", async () => {
    for (const pair of ["ck_abc\u0000:secret", "ck_abc:sec\u0000ret", "\u0000:\u0000"]) {
      const res = await call("/v3/access/user/basic", {
        method: "POST",
        headers: { authorization: `Basic ${Buffer.from(pair).toString("base64")}` },
      });
      expect(res.status, JSON.stringify(pair)).toBe(401);
      expect(res.json).toEqual({ reason: 'invalid "Basic" credentials' });
    }
  });

  it('answered_prop_ids takes numbers only; true, "2" and null are refused, not coerced', async () => {
    const f = await makeList({ questions: 2 });
    for (const bad of [[true], [String(f.questionIds[0])], [null], [1.5]]) {
      const res = await call(`/v3/subscription_list/public/${f.uuid}`, {
        method: "POST",
        body: { email: "strict@example.org", answered_prop_ids: bad },
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.json.errors)[0]).toMatch(/^answered_prop_ids/);
    }
    expect(await db().member.count({ where: { organizationId: f.companyId } })).toBe(0);
    const ok = await call(`/v3/subscription_list/public/${f.uuid}`, {
      method: "POST",
      body: { email: "strict@example.org", answered_prop_ids: [f.questionIds[0]] },
    });
    expect(ok.status).toBe(201);
  });

  it("integer ids in a body are numbers; in a path or query, digits", async () => {
    const f = await makeList();
    const other = await call(`/v3/subscription_list/${f.id}`, {
      method: "PUT",
      token: f.token,
      body: { question_prop_ids: ["1"] },
    });
    expect(other.status).toBe(400);
    for (const id of ["1e3", "0x10", "-1", " 1", "1.0", "4294967297"]) {
      const res = await call(`/v3/subscription_list/${encodeURIComponent(id)}`, { token: f.token });
      expect(res.status, id).toBe(400);
    }
  });

  it("pages are bounded: page 2^32+1 is 400, not page 1 again", async () => {
    const f = await makeList();
    for (const page of ["4294967297", "100001", "0", "-1", "1e3", ""]) {
      const res = await call(`/v3/subscription_list/${f.id}/subscribers?page=${page}`, { token: f.token });
      expect(res.status, page).toBe(400);
      expect(res.json.errors.page).toBeDefined();
    }
    expect(
      (await call(`/v3/subscription_list/${f.id}/subscribers?page=100000&limit=500`, { token: f.token })).status,
    ).toBe(200);
  });
});

describe("methods no route answers", () => {
  it("TRACE and unknown methods are 405 with Allow on pages too, never a 500", async () => {
    for (const [method, path] of [
      ["TRACE", "/admin"],
      ["TRACE", "/"],
      ["PROPFIND", "/subscribe/x"],
      ["MKCOL", "/admin/api/users"],
    ]) {
      const res = await sendTarget(path, { method });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(405);
      expect(res.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    }
  });
});
