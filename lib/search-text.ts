// Person search by what people type: any case, with or without accents, the words of a full name in any order.
// Members carry "searchText" (first name, last name, email and phone, folded as below), written by the database's
// triggers (migration member_search_text) whoever writes the row: the service's writes, the import's and the public
// subscribe's raw statements, bulk generators. A search folds each word the same way and asks that every word be in it.
//
// The folding is lower case with the accents of Latin letters stripped, on both sides: "lindstrom" and "LINDSTRÖM"
// find "Lindström", and "Lindström" finds "Lindstrom". Å, Ä and Ö are letters of their own in Swedish, but a name is
// often typed (or was registered) without them on a foreign keyboard; a few more hits beat a person not found. The
// letters are a fixed table rather than Unicode decomposition: PostgreSQL has no `unaccent` without an extension, and
// the migration's SQL and this file must fold alike (tests/service/text-search.test.ts checks every letter of the table
// against the database).

/** Each accented letter, lower and upper case, and the letters it is searched as. */
export const FOLDED_LETTERS: Record<string, string> = {
  ...letters("àáâãäåāą", "a"),
  ...letters("çćč", "c"),
  ...letters("ďđð", "d"),
  ...letters("èéêëēęėě", "e"),
  ...letters("ìíîïī", "i"),
  ...letters("ł", "l"),
  ...letters("ñńň", "n"),
  ...letters("òóôõöøōő", "o"),
  ...letters("řŕ", "r"),
  ...letters("śšş", "s"),
  ...letters("ťţ", "t"),
  ...letters("ùúûüūůű", "u"),
  ...letters("ýÿ", "y"),
  ...letters("źžż", "z"),
  ...letters("æ", "ae"),
  ...letters("œ", "oe"),
  ...letters("þ", "th"),
  ß: "ss",
};

function letters(lower: string, as: string): Record<string, string> {
  return Object.fromEntries(
    [...lower].flatMap((letter) => [
      [letter, as],
      [letter.toUpperCase(), as],
    ]),
  );
}

const FOLDED = new RegExp(`[${Object.keys(FOLDED_LETTERS).join("")}]`, "gu");

/** `text` as searchText holds it: lower case, accents stripped (the database lower-cases ASCII at least; see below). */
export function foldForSearch(text: string): string {
  return text.toLowerCase().replace(FOLDED, (letter) => FOLDED_LETTERS[letter]);
}

/**
 * The words of a search text, folded, at most `max` of them (a longer text is a sentence, not a name): each must be
 * found, in any order. Empty for a text of only spaces.
 */
export function searchWords(text: string, max = 8): string[] {
  return [...new Set(text.trim().split(/\s+/u).filter(Boolean).map(foldForSearch))].slice(0, max);
}

/**
 * The SQL of the folding over `expression`, as the migration's triggers and backfill compute it: lower() (ASCII on
 * SQLite, the locale's letters on PostgreSQL), then the table above with both cases (SQLite's lower() leaves "Ö" as it
 * is). Kept here so that the migration's SQL can be checked against it, and written again for a later migration.
 */
export function foldSql(expression: string, provider: "sqlite" | "postgres"): string {
  const single = Object.entries(FOLDED_LETTERS).filter(([, as]) => as.length === 1);
  const multi = Object.entries(FOLDED_LETTERS).filter(([, as]) => as.length > 1);
  let sql = `lower(${expression})`;
  if (provider === "postgres")
    sql = `translate(${sql}, '${single.map(([l]) => l).join("")}', '${single.map(([, as]) => as).join("")}')`;
  else for (const [letter, as] of single) sql = `replace(${sql}, '${letter}', '${as}')`;
  for (const [letter, as] of multi) sql = `replace(${sql}, '${letter}', '${as}')`;
  return sql;
}

/** What searchText folds, of the row `row` ("NEW" in a trigger, the table in the backfill). */
export function searchTextSource(row: string): string {
  const column = (name: string) => `coalesce(${row}."${name}", '')`;
  return [column("firstname"), column("lastname"), column("email"), column("phone")].join(` || ' ' || `);
}
