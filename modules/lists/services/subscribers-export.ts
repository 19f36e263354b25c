// The subscribers of a list as a file staff open in a spreadsheet: CSV written by csv-stringify the way Swedish Excel
// reads it (semicolons, CRLF, a UTF-8 byte-order mark), headings and values in the staff member's language, consent
// and one column per question of the list. Streamed in batches, so memory stays flat whatever the list's size.
import "server-only";
import { stringify, type Options } from "csv-stringify/sync";
import { db } from "@/lib/db";
import type { Lang } from "@/lib/i18n/lang";
import { listsExportMessages } from "../texts/lists-export";
import type { Caller } from "@/modules/access/services/caller";
import {
  listQuestions,
  subscriberDetails,
  subscriberInclude,
  subscriberView,
  subscriberWhere,
  type SubscriberFilter,
} from "./subscribers";
import { listInScope } from "./lists";

const CSV_BATCH = 1000;

/** A line break followed by what a formula starts with (csv-stringify's list, full-width forms included). */
const FORMULA_AFTER_BREAK = /([\r\n]+)(?=[=+\-@\t\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * No cell is read as a formula (OWASP's CSV injection guidance): escape_formulas puts `'` before a leading
 * = + - @ tab or CR, and a cell holding any separator a spreadsheet may split on (a paste splits on tab, other
 * locales on comma) is quoted, so the value stays one cell starting with its own defused first character. A cell
 * holding CR or LF is quoted too (with a record delimiter of its own, csv-stringify quotes only that delimiter, so a
 * bare LF or CR went out as is and began a line of the file), and every line inside a cell is defused like a cell's
 * start, for a reader that splits on line breaks whatever the quotes say.
 */
export const CSV_OPTIONS: Options = {
  delimiter: ";",
  record_delimiter: "windows",
  escape_formulas: true,
  quoted_match: /[,;\t\r\n]/,
  cast: { string: (value) => value.replace(FORMULA_AFTER_BREAK, "$1'") },
};

/** "2026-11-24 10:15" in Swedish time: a form every spreadsheet reads as a date and time, in either language. */
const stockholm = new Intl.DateTimeFormat("sv-SE", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "Europe/Stockholm",
});
export const moment = (iso: string | null) => (iso ? stockholm.format(new Date(iso)) : "");

/** GET /admin/api/lists/{id}/subscribers.csv: scope is checked before the first line; the filters are the table's
 * (or a selection of its rows: subscriber-bulk.ts). */
export async function subscribersCsv(caller: Caller, id: number, query: SubscriberFilter, lang: Lang = "sv") {
  const list = await listInScope(caller, id);
  const where = subscriberWhere(id, query);
  const questions = await listQuestions(id);
  const t = listsExportMessages(lang);
  const heading = [
    t.email,
    t.firstname,
    t.lastname,
    t.status,
    t.source,
    t.subscribedAt,
    t.unsubscribedAt,
    t.consent,
    t.consentAt,
    ...questions.map((q) => q.name),
    t.memberId,
    t.memberUuid,
  ];
  async function* lines(): AsyncGenerator<string> {
    yield stringify([heading], { ...CSV_OPTIONS, bom: true });
    let after = 0;
    for (;;) {
      const rows = await db().subscription.findMany({
        where: { ...where, id: { gt: after } },
        orderBy: { id: "asc" },
        take: CSV_BATCH,
        include: subscriberInclude,
      });
      if (rows.length === 0) return;
      const details = await subscriberDetails(
        list,
        questions,
        rows.map((row) => row.memberId),
      );
      const records = rows.map((row) => {
        const s = subscriberView(row, caller, details.get(row.memberId)!);
        const answered = new Set(s.answers.map((a) => a.prop_id));
        return [
          s.email,
          s.firstname,
          s.lastname,
          t.statuses[s.status] ?? s.status,
          t.sources[s.source] ?? s.source,
          moment(s.subscribed_at),
          moment(s.unsubscribed_at),
          s.consent_at ? t.yes : t.no,
          moment(s.consent_at),
          ...questions.map((q) => (answered.has(q.prop_id) ? t.yes : "")),
          String(s.member_id),
          s.member_uuid,
        ];
      });
      yield stringify(records, CSV_OPTIONS);
      after = rows[rows.length - 1].id;
    }
  }
  return { filename: `${t.filename}-${list.id}-${new Date().toISOString().slice(0, 10)}.csv`, lines: lines() };
}
