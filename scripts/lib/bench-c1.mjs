// C1 of `npm run bench`: the floor for GET /v3/subscription_list/public/{uuid}. A bare node:http server and the
// database driver (better-sqlite3 or pg) with prepared statements, no framework, no ORM, no cache: every request
// reads the list, its term and its questions and serializes the same JSON the real endpoint answers. The bench checks
// the body is byte-identical to the real server's before it times this. Runs in a process of its own, so it neither
// shares the bench's event loop nor the server's.
//
//   node scripts/lib/bench-c1.mjs DATABASE_URL PORT     (prints "listening" when ready; serves GET /public/{uuid})
import http from "node:http";

const [databaseUrl, port] = process.argv.slice(2);
const LIST_FIELDS = ["firstname", "lastname", "phone"];

// The rules of modules/lists/services/public-lists.ts: an active list of a live company; questions by position, then id.
const LIST_SQL = `
  SELECT l."id", l."name", l."description", l."fields", l."uuid", l."imageUrl", l."showImage", l."design",
         t."id" AS "termId", t."name" AS "termName", t."html" AS "termHtml"
  FROM "SubscriptionList" l
  JOIN "Company" c ON c."id" = l."companyId" AND c."deletedAt" IS NULL
  LEFT JOIN "Term" t ON t."id" = l."termId"
  WHERE l."uuid" = $1 AND l."isActive"`;
const QUESTIONS_SQL = `
  SELECT p."id" AS "prop_id", p."name" AS "name", p."descr" AS "descr", g."name" AS "group_name", g."descr" AS "group_descr"
  FROM "ListQuestion" q
  JOIN "Property" p ON p."id" = q."propertyId"
  JOIN "PropertyGroup" g ON g."id" = p."groupId"
  WHERE q."listId" = $1
  ORDER BY q."position", q."propertyId"`;

function parseJson(text, fallback) {
  try {
    return text ? JSON.parse(text) : fallback;
  } catch {
    return fallback;
  }
}

/** The endpoint's body, key for key in the same order (the term's HTML is stored sanitized by the bench fixtures). */
function body(list, questions) {
  const fields = parseJson(list.fields, []);
  return JSON.stringify({
    name: list.name,
    description: list.description,
    fields: Array.isArray(fields) ? fields.filter((f) => LIST_FIELDS.includes(f)) : [],
    uuid: list.uuid,
    image_url: list.imageUrl,
    show_image: Boolean(list.showImage),
    design: parseJson(list.design, null),
    term: list.termId === null ? null : { id: list.termId, name: list.termName, html: list.termHtml },
    questions,
  });
}

async function openDriver() {
  if (databaseUrl.startsWith("file:")) {
    const Database = (await import("better-sqlite3")).default;
    const file = new Database(databaseUrl.slice("file:".length).split("?")[0], { readonly: true });
    const list = file.prepare(LIST_SQL.replace("$1", "?"));
    const questions = file.prepare(QUESTIONS_SQL.replace("$1", "?"));
    return async (uuid) => {
      const row = list.get(uuid);
      return row ? body(row, questions.all(row.id)) : null;
    };
  }
  const pg = (await import("pg")).default;
  // pg.Pool's default size, which is also what the app's Prisma pg adapter gets.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  return async (uuid) => {
    const { rows } = await pool.query({ name: "list", text: LIST_SQL, values: [uuid] });
    if (!rows[0]) return null;
    const questions = await pool.query({ name: "questions", text: QUESTIONS_SQL, values: [rows[0].id] });
    return body(rows[0], questions.rows);
  };
}

const publicList = await openDriver();
const server = http.createServer((req, res) => {
  const match = /^\/public\/([0-9a-f-]{36})$/.exec(req.url ?? "");
  const answer = (status, text) => {
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  };
  if (req.method !== "GET" || !match) return answer(404, '{"error":"not found"}');
  publicList(match[1]).then(
    (text) => (text === null ? answer(404, '{"error":"list not found"}') : answer(200, text)),
    (error) => answer(500, JSON.stringify({ error: String(error) })),
  );
});
server.keepAliveTimeout = 5000;
server.listen(Number(port), "127.0.0.1", () => console.log("listening"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
