// The LOK-stöd report as an .xlsx workbook, written in a worker thread of its own (modules/activities/services/
// lok-workbook.ts starts it): exceljs is kept out of the server's own heap and start-up (tests/unit/server-bundle.test.ts),
// as the import reader does (modules/imports/reader/sheet-thread.mjs), and the zipping takes its CPU off the event
// loop. The report is bounded by its period (at most 366 days), so the workbook is built in memory and posted back
// whole.
//
// workerData: { lokWorkbookThread: true, report, texts } with report the shape of GET /v3/lok-report and texts
// modules/activities/texts/lok-workbook.ts's. Posts `{ bytes }` (an ArrayBuffer, transferred) or
// `{ error: { message } }`.
//
// Plain JavaScript that node runs as it is (no build step): the production server and the tests start the same file.
import { parentPort, workerData } from "node:worker_threads";
import ExcelJS from "exceljs";

/** Characters a sheet name may not hold, and its longest length (Excel's rules). */
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;
const SHEET_NAME_MAX = 31;

/** A sheet name from an activity's name, unique in the workbook (case-insensitively, as Excel compares them). */
function sheetNamer(reserved) {
  const taken = new Set(reserved.map((n) => n.toLowerCase()));
  return (name) => {
    const base =
      name
        .replace(SHEET_NAME_FORBIDDEN, " ")
        .replace(/^'+|'+$/g, "")
        .trim() || "-";
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? "" : ` (${n})`;
      const candidate = base.slice(0, SHEET_NAME_MAX - suffix.length) + suffix;
      if (!taken.has(candidate.toLowerCase())) {
        taken.add(candidate.toLowerCase());
        return candidate;
      }
    }
  };
}

/** A heading row in bold with its columns' widths. */
function headingRow(sheet, headings, widths) {
  const row = sheet.addRow(headings);
  row.font = { bold: true };
  headings.forEach((_, i) => {
    sheet.getColumn(i + 1).width = widths[i] ?? 14;
  });
  return row;
}

function summarySheet(book, report, t) {
  const sheet = book.addWorksheet(t.summarySheet);
  sheet.addRow([t.title]).font = { bold: true, size: 14 };
  sheet.addRow([t.period, `${report.from} – ${report.to}`]);
  if (report.due) sheet.addRow([t.due, report.due]);
  const s = report.settings;
  sheet.addRow([t.rules, s.source === "COMPANY" ? t.companyRules : t.rfSisuRules]);
  sheet.addRow([t.thresholds.ages, `${s.min_age}–${s.max_age}`]);
  sheet.addRow([t.thresholds.minParticipants, s.min_participants]);
  sheet.addRow([t.thresholds.minMinutes, s.min_minutes]);
  sheet.addRow([t.thresholds.minLeaderAge, s.min_leader_age]);
  sheet.addRow([t.thresholds.maxPerLeader, s.max_participants_per_leader]);
  sheet.addRow([]);
  headingRow(sheet, t.summaryHeadings, [36, 14, 18, 22, 24, 18, 18, 18, 18]);
  const byGender = (g) => [g.female, g.male, g.other, g.unknown];
  for (const a of report.activities) {
    sheet.addRow([
      a.name,
      a.occasions,
      a.qualifying,
      a.participants_counted,
      a.occasions - a.qualifying,
      ...byGender(a.counted_by_gender),
    ]);
  }
  const total = sheet.addRow([
    t.total,
    report.totals.occasions,
    report.totals.qualifying,
    report.totals.participants_counted,
    report.totals.occasions - report.totals.qualifying,
    ...byGender(report.totals.counted_by_gender),
  ]);
  total.font = { bold: true };
}

function activitySheet(book, name, occasions, t) {
  const sheet = book.addWorksheet(name);
  headingRow(sheet, t.occasionHeadings, [12, 8, 10, 24, 14, 14, 10, 12, 60]);
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  for (const o of occasions) {
    sheet.addRow([
      o.date,
      o.starts_at.slice(11, 16),
      o.duration_minutes,
      o.location ?? "",
      o.participants_present,
      o.participants_counted,
      o.leaders_counted,
      o.qualifies ? t.yes : t.no,
      o.reasons.map((r) => r.text).join(". "),
    ]);
  }
}

async function run() {
  const { report, texts } = workerData;
  const book = new ExcelJS.Workbook();
  book.creator = texts.creator;
  // A fixed date: the same report gives the same workbook, and the file says nothing about when it was asked for.
  book.created = new Date(`${report.to}T00:00:00Z`);
  summarySheet(book, report, texts);
  const sheetName = sheetNamer([texts.summarySheet]);
  const byActivity = Map.groupBy(report.occasions, (o) => o.activity_id);
  for (const a of report.activities) activitySheet(book, sheetName(a.name), byActivity.get(a.activity_id) ?? [], texts);
  const buffer = await book.xlsx.writeBuffer();
  const bytes = new Uint8Array(buffer).slice().buffer;
  parentPort.postMessage({ bytes }, [bytes]);
}

if (workerData?.lokWorkbookThread) {
  run().catch((error) => parentPort.postMessage({ error: { message: String(error?.message ?? error).slice(0, 200) } }));
}
