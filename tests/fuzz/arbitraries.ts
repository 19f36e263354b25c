// Generated hostile input (fast-check). Each arbitrary is one class of bad input found at the edge; a
// request mixes them with real ids and real credentials, so refusals happen at every layer, not only the first.
import fc from "fast-check";

/**
 * Path segments: real ids, malformed percent-encoding, dot segments plain and percent-encoded, NUL, number
 * lookalikes, overlong and arbitrary text. The tests send them as written (tests/helpers.ts sendTarget).
 */
export function pathSegment(realIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...realIds) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "%FF",
        "%C0%AF",
        "%E2%82",
        "%ED%A0%80",
        "%00",
        "a%00b",
        "%25",
        "%2F",
        "%2E%2E",
        ".%2e",
        "%2E",
        "..",
        ".",
      ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom("0", "-1", "1e3", "0x10", "1.5", "4294967297", "99999999999999999999", "+1", "NaN"),
    },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }).map(encodeSegment) },
    { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 3000 }).map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom(...realIds).map((id) => `${id.slice(0, -1)}%00`) },
  );
}

function encodeSegment(text: string): string {
  const encoded = encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, "\uFFFD"));
  return encoded === "" ? "x" : encoded; // an empty segment would be another path's
}

const queryKeys = ["page", "limit", "q", "status", "company_id", "token", "lang", "statuses", "x"];

/** Query strings: known keys with junk values, unknown keys, repeated keys, raw malformed escapes. */
export function queryString(realIds: string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    fc.constantFrom(...realIds),
    fc.constantFrom("", "0", "-1", "1e3", "4294967297", "100001", "true", "null", "[]", "SUBSCRIBED", " 2 "),
    fc.string({ unit: "binary", maxLength: 30 }).map((s) => s.replace(/[\uD800-\uDFFF]/g, "\uFFFD")),
  );
  const pairs = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...queryKeys), fc.string({ maxLength: 8 })), value), { maxLength: 4 })
    .map((entries) => {
      const params = new URLSearchParams();
      for (const [k, v] of entries) params.append(k, v);
      const text = params.toString();
      return text ? `?${text}` : "";
    });
  return fc.oneof(
    { weight: 4, arbitrary: pairs },
    { weight: 1, arbitrary: fc.constantFrom("?page=%FF", "?q=%00", "?limit=%C0%AF&page=1", "?&&==", "?page=1&page=2") },
  );
}

/** Authorization headers: real ones of every kind (the first has every right), forged and malformed. */
export function authorization(real: string[]): fc.Arbitrary<string | undefined> {
  const basicOf = (text: string) => `Basic ${Buffer.from(text).toString("base64")}`;
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(real[0]) }, // the full-rights token: refusals must come from deeper layers too
    { weight: 3, arbitrary: fc.constantFrom(...real) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom(
          "Bearer",
          "Bearer ",
          "Bearer a.b.c",
          "Basic",
          "Basic !!!",
          "Basic Og==",
          "Token abc",
          "bearer\tx",
        ),
        fc.string({ unit: "binary-ascii", maxLength: 60 }).map((s) => basicOf(s)),
        fc
          .tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }))
          .map(([id, secret]) => basicOf(`${id}\u0000:${secret}`)),
        fc.string({ unit: "grapheme-ascii", maxLength: 80 }).map((s) => `Bearer ${s.replace(/[\r\n]/g, "")}`),
      ),
    },
  );
}

const contentTypes = [
  "application/json",
  "application/json; charset=utf-8",
  "application/x-www-form-urlencoded",
  "text/plain",
  "multipart/form-data; boundary=zz",
  "application/xml",
  "application/vnd.api+json",
];

/** A JSON value nested `depth` levels, in arrays or objects. */
const nested = (depth: number, leaf: string) =>
  depth % 2 ? `${"[".repeat(depth)}${leaf}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}${leaf}${"}".repeat(depth)}`;

/** Values for a known field: wrong types, coercible lookalikes, NUL, overlong, deep. */
const fieldValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    "",
    "2",
    "1e3",
    0,
    -1,
    1.5,
    1e300,
    [],
    {},
    ["1"],
    [true],
    [null],
    "ACTIVE",
    "a\u0000b",
    "x".repeat(5000),
  ),
  fc.string({ unit: "binary", maxLength: 50 }),
);

export interface GeneratedBody {
  text: string | undefined;
  contentType: string | undefined;
}

/** Bodies: none, random JSON, the operation's own fields with hostile values, deep nesting, broken JSON, forms. */
export function body(fields: string[]): fc.Arbitrary<GeneratedBody> {
  const json = (arb: fc.Arbitrary<string>) =>
    fc
      .tuple(arb, fc.option(fc.constantFrom(...contentTypes), { nil: undefined }))
      .map(([text, contentType]) => ({ text, contentType }));
  const ownFields = fields.length
    ? fc.dictionary(fc.constantFrom(...fields), fieldValue, { maxKeys: fields.length }).map((o) => JSON.stringify(o))
    : fc.constant("{}");
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant({ text: undefined, contentType: undefined }) },
    { weight: 4, arbitrary: json(ownFields) },
    { weight: 2, arbitrary: json(fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v))) },
    {
      weight: 1,
      arbitrary: json(
        fc
          .integer({ min: 30, max: 5000 })
          .chain((d) => fc.constantFrom(...(fields.length ? fields : ["x"])).map((f) => `{"${f}":${nested(d, "1")}}`)),
      ),
    },
    {
      weight: 1,
      arbitrary: json(
        fc.constantFrom("{", "nul\u0000l", "[1,]", '{"a":1}garbage', "\uFEFF{}", "null", "[]", '"text"', "42"),
      ),
    },
    { weight: 1, arbitrary: json(fc.string({ unit: "binary", maxLength: 100 })) },
  );
}
