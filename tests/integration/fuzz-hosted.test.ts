// Property-based tests of the hosted pages' two actions, posted as a browser without JavaScript posts them: the
// page's own form (its hidden action fields copied from the rendered HTML) with generated field values, tampered
// hidden fields and repeated checkboxes. For every post: never a 5xx, never the "something went wrong" banner, and a
// refused post leaves every stored row of the world unchanged. The seed is fixed unless `npm run fuzz` runs this
// (tests/fuzz/runs.ts); every counterexample ever found is replayed first (tests/fuzz/regressions.ts).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { messages } from "@/modules/lists/texts/public-pages";
import { assertProperty, regressionTests } from "../fuzz/property";
import { runsOf } from "../fuzz/runs";
import { makeWorld, type World } from "../fuzz/world";
import { baseUrl, uniqueIp } from "../helpers";

let world: World;
let baseline: string;
/** The two pages posted to, with the hidden fields of their forms. */
const pages = {
  subscribe: { path: "", hidden: [] as [string, string][] },
  unsubscribe: { path: "", hidden: [] as [string, string][] },
};
const stats = { posts: 0, refused: 0, serverErrors: 0 };

beforeAll(async () => {
  world = await makeWorld();
  baseline = await world.digest();
  pages.subscribe.path = `/subscribe/${world.listUuids[0]}`;
  pages.unsubscribe.path = `/unsubscribe/${world.listUuids[0]}/${world.memberUuids[1]}`;
  for (const page of Object.values(pages)) page.hidden = await hiddenFields(page.path);
}, 120_000);

afterAll(() =>
  console.log(`fuzz hosted pages: ${stats.posts} form posts, ${stats.refused} refused, ${stats.serverErrors} 5xx`),
);

const unescapeHtml = (text: string) =>
  text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** The hidden fields of the page's form: the action reference Next.js renders, and the page's own (list_uuid…). */
async function hiddenFields(path: string): Promise<[string, string][]> {
  const html = await (await fetch(`${baseUrl()}${path}`, { headers: { "x-forwarded-for": uniqueIp() } })).text();
  const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g)].map(
    ([, name, value]) => [name, unescapeHtml(value ?? "")] as [string, string],
  );
  if (!fields.some(([name]) => name.startsWith("$ACTION"))) throw new Error(`no action form on ${path}`);
  return fields;
}

/** Form text as a hostile visitor types it: empty, overlong, NUL, control characters, any Unicode; often fine. */
const formText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("", "Åsa", "Öberg-Lind", "<script>alert(1)</script>", "=cmd|' /C calc'!A0") },
  { weight: 1, arbitrary: fc.constantFrom(" ", "a\u0000b", "x".repeat(300)) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: "binary", maxLength: 80 }).map((s) => s.replace(/[\uD800-\uDFFF]/g, "\uFFFD")),
  },
);
const email = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom("example.org", "exempel.se"))
      .map(([local, domain]) => `${local}@${domain}`),
  },
  { weight: 1, arbitrary: fc.emailAddress() }, // RFC-valid oddities ("{a}!@b.c") that the schema's stricter rule refuses
  { weight: 1, arbitrary: fc.oneof(formText, fc.constant(`${"a".repeat(250)}@x.se`)) },
);

/** Posts the form; returns what the page says (its banner, or that it succeeded). */
async function post(path: string, fields: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": uniqueIp() },
  });
  const html = await res.text();
  stats.posts += 1;
  if (res.status >= 500) stats.serverErrors += 1;
  const banner = html.match(/role="alert"[^>]*>([^<]*)</)?.[1] ?? null;
  const succeeded = /role="status"/.test(html);
  return {
    status: res.status,
    banner,
    succeeded,
    label: `POST ${path} ${JSON.stringify(fields.filter(([n]) => !n.startsWith("$")))} -> ${res.status} ${banner ?? ""}`,
  };
}

async function expectStoredRowsKept(outcome: { succeeded: boolean; label: string }, changeAllowed: boolean) {
  const after = await world.digest();
  if (!changeAllowed) {
    stats.refused += 1;
    expect(after, `a refused post changed stored rows: ${outcome.label}`).toBe(baseline);
  }
  baseline = after;
}

const SUBSCRIBE = "subscribe form";
const UNSUBSCRIBE = "unsubscribe confirmation";

interface Visitor {
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  list_uuid: string;
  answered_prop_ids: string[];
  terms_accepted: string | undefined;
}

function visitorOf(): fc.Arbitrary<Visitor> {
  const propId = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...world.propIds.map(String)) },
    { weight: 1, arbitrary: fc.constantFrom("", "abc", "-1", "1e3", "0", "99999999999", "1.5", "\u0000") },
  );
  const listUuid = fc.oneof(
    { weight: 4, arbitrary: fc.constant(world.listUuids[0]) },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom(world.listUuids[1], "", "x\u0000", "%FF"), fc.uuid()) },
  );
  return fc.record({
    email,
    firstname: formText,
    lastname: formText,
    phone: formText,
    list_uuid: listUuid,
    answered_prop_ids: fc.array(propId, { maxLength: 4 }),
    // The world's lists require consent on the form (as every new list does): only a ticked box ("on") lets a
    // visitor through, so it is the likelier value, and the others are still tried.
    terms_accepted: fc.oneof(
      { weight: 3, arbitrary: fc.constant("on") },
      { weight: 2, arbitrary: fc.option(fc.constantFrom("off", "true", "\u0000"), { nil: undefined }) },
    ),
  });
}

/** Posts the subscribe form as the visitor fills it: a success or a problem shown, never the unexpected banner. */
async function subscribe(visitor: Visitor) {
  const fields: [string, string][] = pages.subscribe.hidden.filter(([name]) => name !== "list_uuid");
  fields.push(
    ["list_uuid", visitor.list_uuid],
    ["email", visitor.email],
    ["firstname", visitor.firstname],
    ["lastname", visitor.lastname],
    ["phone", visitor.phone],
  );
  for (const id of visitor.answered_prop_ids) fields.push(["answered_prop_ids", id]);
  if (visitor.terms_accepted !== undefined) fields.push(["terms_accepted", visitor.terms_accepted]);
  const outcome = await post(pages.subscribe.path, fields);
  expect(outcome.status, outcome.label).toBe(200);
  expect(outcome.banner, outcome.label).not.toBe(messages("sv").unexpected);
  expect(outcome.succeeded || outcome.banner !== null, `neither success nor a problem shown: ${outcome.label}`).toBe(
    true,
  );
  await expectStoredRowsKept(outcome, outcome.succeeded);
}

interface Link {
  list_uuid: string;
  member_uuid: string;
}

/** Posts the unsubscribe confirmation with tampered ids: only a real pair may change anything. */
async function unsubscribe(link: Link) {
  const fields: [string, string][] = pages.unsubscribe.hidden.filter(
    ([name]) => name !== "list_uuid" && name !== "member_uuid",
  );
  fields.push(["list_uuid", link.list_uuid], ["member_uuid", link.member_uuid]);
  const outcome = await post(pages.unsubscribe.path, fields);
  expect(outcome.status, outcome.label).toBe(200);
  expect(outcome.banner, outcome.label).not.toBe(messages("sv").unexpected);
  const realPair = world.listUuids.includes(link.list_uuid) && world.memberUuids.includes(link.member_uuid);
  await expectStoredRowsKept(outcome, realPair);
}

describe("fuzz: the hosted pages' actions, posted without JavaScript", () => {
  regressionTests(() => world, "fuzz-hosted", { [SUBSCRIBE]: subscribe, [UNSUBSCRIBE]: unsubscribe });

  it(SUBSCRIBE, async () => {
    await assertProperty(world, "fuzz-hosted", SUBSCRIBE, visitorOf(), subscribe, 60);
    // Some generated visitors were valid: the property saw both outcomes (`npm run fuzz -- --runs 3` may draw none).
    if (runsOf(60) >= 60)
      expect(await db().subscription.count({ where: { listId: world.listIds[0] } })).toBeGreaterThan(1);
  });

  it(UNSUBSCRIBE, async () => {
    const uuid = fc.oneof(fc.constantFrom(...world.listUuids, ...world.memberUuids), fc.uuid(), formText);
    await assertProperty(
      world,
      "fuzz-hosted",
      UNSUBSCRIBE,
      fc.record({ list_uuid: uuid, member_uuid: uuid }),
      unsubscribe,
      40,
    );
  });
});
