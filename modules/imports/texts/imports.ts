// Texts of the import screen (/admin/imports) and of an import's result file (a CSV staff open in Excel): its column
// headings, outcomes and the reasons of problems and skipped rows, in the staff member's language.
import { FIELD_REASONS, type ImportReason } from "../schemas/reasons";
import { formatNumber } from "@/lib/i18n/formats";
import type { Lang } from "@/lib/i18n/lang";

/** "a, b och c": what is still to choose, as a sentence says it. */
const joinWith = (and: string) => (items: string[]) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} ${and} ${items[items.length - 1]}`;
const joinSv = joinWith("och");
const joinEn = joinWith("and");

const sv = {
  title: "Import",
  intro:
    "Hämta in medlemmar eller prenumeranter från en CSV- eller Excelfil (.xlsx). Stora filer läses in i bakgrunden: du kan lämna sidan och komma tillbaka.",
  noAccess: "Din behörighet omfattar varken medlemmar eller prenumerationslistor.",
  newImport: "Ny import",
  kind: "Vad importeras?",
  kinds: { MEMBER: "Medlemmar till en förening", SUBSCRIBER: "Prenumeranter till en lista" } as Record<string, string>,
  company: "Förening",
  chooseCompany: "Välj förening",
  searchCompany: "Sök förening",
  matching: (n: number) => (n === 1 ? "1 förening matchar" : `${n} föreningar matchar`),
  list: "Lista",
  chooseList: "Välj lista",
  noLists: "Föreningen har inga listor.",
  fileLabel: "Fil",
  fileHelp: ".csv eller .xlsx, högst 50 MB och 200 000 rader. Första raden är rubriker.",
  upload: "Ladda upp",
  uploading: "Laddar upp…",
  wrongType: "Välj en .csv- eller .xlsx-fil.",
  refused: {
    lead: "Filen går över en av importens gränser",
    rows: (n: string) => `Filen har fler än ${n} rader.`,
    columns: (n: string) => `Filen har fler än ${n} kolumner.`,
    cell: (n: string) => `En cell är längre än ${n} tecken.`,
    line: (n: string) => `En rad är längre än ${n} tecken.`,
  },
  needs: { company: "en förening", list: "en lista", file: "en fil" } as Record<"company" | "list" | "file", string>,
  uploadNeeds: (missing: string[]) => `Välj ${joinSv(missing)} för att kunna ladda upp.`,
  membership: (company: string, period: string, from: string, to: string) =>
    `Medlemmarna blir medlemmar i ${company} för perioden ${period} (${from}–${to}).`,
  noPeriod: (company: string) =>
    `${company} har ingen period som pågår nu: medlemmarna importeras utan medlemskap. Lägg till en period först om de ska bli medlemmar.`,
  mapping: "Kolumner",
  mappingIntro: "Välj vilket fält varje kolumn i filen fyller. E-post krävs.",
  notImported: "Importeras inte",
  fields: {
    email: "E-post",
    firstname: "Förnamn",
    lastname: "Efternamn",
    phone: "Telefon",
    birthdate: "Födelsedatum",
    street: "Gatuadress",
    zipcode: "Postnummer",
    post: "Postort",
  } as Record<string, string>,
  emailRequired: "Välj vilken kolumn som är e-post.",
  twice: (field: string) => `${field} är vald för mer än en kolumn.`,
  showPreview: "Förhandsgranska",
  previewing: "Läser filen…",
  preview: "Förhandsgranskning",
  previewIntro: (shown: string, total: string) => `De första ${shown} av ${total} raderna.`,
  row: "Rad",
  problems: (n: number) =>
    n === 0
      ? "Inga problem hittades."
      : n === 1
        ? "1 rad har problem och hoppas över:"
        : `${n} rader har problem och hoppas över:`,
  moreProblems: (n: number) => `… och ${n} till (se resultatfilen efteråt).`,
  consent: "Hur har prenumeranterna gett sitt samtycke?",
  consentHelp: "Krävs. Sparas med importen och i händelseloggen (3–500 tecken).",
  consentShort: "Skriv minst 3 tecken.",
  start: "Starta importen",
  starting: "Startar…",
  progress: "Importen pågår",
  rowsRead: (read: string, total: string | null) => (total ? `${read} av ${total} rader lästa` : `${read} rader lästa`),
  done: "Importen är klar",
  undoneTitle: "Importen är ångrad",
  added: "Tillagda",
  updated: "Uppdaterade",
  skipped: "Överhoppade",
  download: "Ladda ner resultatet (CSV)",
  undo: "Ångra importen",
  undoTitle: "Ångra importen?",
  undoBody: (n: string) =>
    `Ångra tar bort det som importen lade till på ${n} rader: nya medlemmar, medlemskap, prenumerationer och ifyllda fält. Rader som ändrats sedan dess lämnas kvar.`,
  undoConfirm: "Ja, ångra",
  cancel: "Avbryt",
  undone: (removed: string, kept: string) => `Importen är ångrad: ${removed} rader togs bort, ${kept} lämnades kvar.`,
  failed: "Importen misslyckades",
  uploadedWaiting: "Filen är uppladdad men importen är inte startad.",
  recent: "Senaste importerna",
  recentEmpty: "Inga importer ännu.",
  columns: {
    file: "Fil",
    kind: "Typ",
    status: "Status",
    created: "Skapad",
    figures: "Tillagda / uppdaterade / överhoppade",
  },
  kindShort: { MEMBER: "Medlemmar", SUBSCRIBER: "Prenumeranter" } as Record<string, string>,
  statuses: {
    UPLOADED: "Uppladdad",
    QUEUED: "I kö",
    RUNNING: "Pågår",
    DONE: "Klar",
    FAILED: "Misslyckades",
    UNDONE: "Ångrad",
  } as Record<string, string>,
  open: "Visa",
  openLabel: (file: string) => `Visa importen ${file}`,
  another: "Ny import",
  error: "Det gick inte. Försök igen.",
  result: {
    row: "Rad",
    email: "E-post",
    outcome: "Resultat",
    reason: "Orsak",
    memberId: "Medlems-id",
    code: "Kod",
    outcomes: { ADDED: "Tillagd", UPDATED: "Uppdaterad", SKIPPED: "Överhoppad" },
    filename: "import-resultat",
  },
  reasons: {
    required: "saknas",
    tooLong: (max: number) => `för långt (högst ${max} tecken)`,
    invalidEmail: "ogiltig e-postadress",
    invalidDate: "inte ett datum (ÅÅÅÅ-MM-DD)",
    futureDate: "datumet ligger i framtiden",
    invalid: "ogiltigt värde",
    controlCharacters: "radbrytningar och andra styrtecken är inte tillåtna",
    noColumn: (header: string) => `ingen kolumn heter ${header}`,
    duplicateInFile: (row: number) => `samma e-post som rad ${row} i filen`,
    opted_out: "avregistrerad från all e-post",
    left_list: "lämnade listan själv",
    suppressed: "adressen är spärrad (studsar eller klagomål)",
    list_full: "listan är full",
    already_subscribed: "prenumererar redan",
    nothing_to_fill: "finns redan; inget att fylla i",
  },
};

type ImportsMessages = typeof sv;

const en: ImportsMessages = {
  title: "Import",
  intro:
    "Bring in members or subscribers from a CSV or Excel (.xlsx) file. Large files are read in the background: you can leave the page and come back.",
  noAccess: "Your access includes neither members nor subscription lists.",
  newImport: "New import",
  kind: "What is imported?",
  kinds: { MEMBER: "Members into a company", SUBSCRIBER: "Subscribers into a list" },
  company: "Company",
  chooseCompany: "Choose a company",
  searchCompany: "Search companies",
  matching: (n) => (n === 1 ? "1 company matches" : `${n} companies match`),
  list: "List",
  chooseList: "Choose a list",
  noLists: "The company has no lists.",
  fileLabel: "File",
  fileHelp: ".csv or .xlsx, at most 50 MB and 200,000 rows. The first row holds the headings.",
  upload: "Upload",
  uploading: "Uploading…",
  wrongType: "Choose a .csv or .xlsx file.",
  refused: {
    lead: "The file is past one of the import's limits",
    rows: (n) => `The file has more than ${n} rows.`,
    columns: (n) => `The file has more than ${n} columns.`,
    cell: (n) => `A cell is longer than ${n} characters.`,
    line: (n) => `A row is longer than ${n} characters.`,
  },
  needs: { company: "a company", list: "a list", file: "a file" },
  uploadNeeds: (missing) => `Choose ${joinEn(missing)} to upload.`,
  membership: (company, period, from, to) =>
    `The members become members of ${company} for the period ${period} (${from}–${to}).`,
  noPeriod: (company) =>
    `${company} has no period running now: the members are imported without a membership. Add a period first if they are to be members.`,
  mapping: "Columns",
  mappingIntro: "Choose which field each column of the file fills. Email is required.",
  notImported: "Not imported",
  fields: {
    email: "Email",
    firstname: "First name",
    lastname: "Last name",
    phone: "Phone",
    birthdate: "Birthdate",
    street: "Street",
    zipcode: "Postcode",
    post: "Town",
  },
  emailRequired: "Choose which column is the email.",
  twice: (field) => `${field} is chosen for more than one column.`,
  showPreview: "Preview",
  previewing: "Reading the file…",
  preview: "Preview",
  previewIntro: (shown, total) => `The first ${shown} of ${total} rows.`,
  row: "Row",
  problems: (n) =>
    n === 0
      ? "No problems found."
      : n === 1
        ? "1 row has a problem and is skipped:"
        : `${n} rows have problems and are skipped:`,
  moreProblems: (n) => `… and ${n} more (see the result file afterwards).`,
  consent: "How did the subscribers give their consent?",
  consentHelp: "Required. Kept with the import and in the audit log (3–500 characters).",
  consentShort: "Write at least 3 characters.",
  start: "Start the import",
  starting: "Starting…",
  progress: "The import is running",
  rowsRead: (read, total) => (total ? `${read} of ${total} rows read` : `${read} rows read`),
  done: "The import is done",
  undoneTitle: "The import is undone",
  added: "Added",
  updated: "Updated",
  skipped: "Skipped",
  download: "Download the result (CSV)",
  undo: "Undo the import",
  undoTitle: "Undo the import?",
  undoBody: (n) =>
    `Undo removes what the import added on ${n} rows: new members, memberships, subscriptions and filled-in fields. Rows changed since are left as they are.`,
  undoConfirm: "Yes, undo",
  cancel: "Cancel",
  undone: (removed, kept) => `The import is undone: ${removed} rows removed, ${kept} left as they were.`,
  failed: "The import failed",
  uploadedWaiting: "The file is uploaded but the import has not been started.",
  recent: "Recent imports",
  recentEmpty: "No imports yet.",
  columns: { file: "File", kind: "Kind", status: "Status", created: "Created", figures: "Added / updated / skipped" },
  kindShort: { MEMBER: "Members", SUBSCRIBER: "Subscribers" },
  statuses: {
    UPLOADED: "Uploaded",
    QUEUED: "Queued",
    RUNNING: "Running",
    DONE: "Done",
    FAILED: "Failed",
    UNDONE: "Undone",
  },
  open: "Show",
  openLabel: (file) => `Show the import ${file}`,
  another: "New import",
  error: "That did not work. Please try again.",
  result: {
    row: "Row",
    email: "Email",
    outcome: "Outcome",
    reason: "Reason",
    memberId: "Member id",
    code: "Code",
    outcomes: { ADDED: "Added", UPDATED: "Updated", SKIPPED: "Skipped" },
    filename: "import-result",
  },
  reasons: {
    required: "missing",
    tooLong: (max) => `too long (at most ${max} characters)`,
    invalidEmail: "not a valid email address",
    invalidDate: "not a date (YYYY-MM-DD)",
    futureDate: "the date is in the future",
    invalid: "not valid",
    controlCharacters: "line breaks and other control characters are not allowed",
    noColumn: (header) => `no column is named ${header}`,
    duplicateInFile: (row) => `same email as row ${row} in the file`,
    opted_out: "opted out of all mail",
    left_list: "left the list themselves",
    suppressed: "the address is suppressed (bounces or complaints)",
    list_full: "the list is full",
    already_subscribed: "already subscribed",
    nothing_to_fill: "already a member; nothing to fill in",
  },
};

export function importsMessages(lang: Lang): ImportsMessages {
  return lang === "en" ? en : sv;
}

const REFUSALS: [RegExp, keyof Omit<ImportsMessages["refused"], "lead">][] = [
  [/^the file has more than ([\d,]+) rows/, "rows"],
  [/^the file has more than ([\d,]+) columns/, "columns"],
  [/^a cell is longer than ([\d,]+) characters/, "cell"],
  [/^(?:line|row) [\d,]+ is longer than ([\d,]+) characters|^a row is longer than ([\d,]+) characters/, "line"],
];

/**
 * An upload's 413 in the staff member's language: the limits a real spreadsheet meets (rows, columns, cell and row
 * length) in their words with the figure as they write it; the rest (an archive built to hurt) as a lead sentence
 * with the server's own words after it.
 */
export function uploadRefusal(t: ImportsMessages, lang: Lang, reason: string): string {
  for (const [pattern, key] of REFUSALS) {
    const match = pattern.exec(reason);
    const figure = match?.slice(1).find(Boolean);
    if (figure) return t.refused[key](formatNumber(lang, Number(figure.replaceAll(",", ""))));
  }
  return `${t.refused.lead}: ${reason}`;
}

/** A problem's or skipped row's reason in the staff member's language, without its field (the screen shows it beside). */
export function reasonLabel(t: ImportsMessages, reason: ImportReason): string {
  const r = t.reasons;
  switch (reason.code) {
    case "required":
      return r.required;
    case "invalid":
      if (reason.issue === "too_long" && reason.max !== undefined) return r.tooLong(reason.max);
      if (reason.issue === "invalid_email") return r.invalidEmail;
      if (reason.issue === "invalid_date") return r.invalidDate;
      if (reason.issue === "future_date") return r.futureDate;
      return reason.issue === "control_characters" ? r.controlCharacters : r.invalid;
    case "no_column":
      return r.noColumn(reason.header ?? "");
    case "duplicate_in_file":
      return r.duplicateInFile(reason.first_row ?? 0);
    default:
      return r[reason.code];
  }
}

/** The reason with its field's name in front where it is about a field's value, as the result file's reason column. */
export function reasonLine(t: ImportsMessages, reason: ImportReason): string {
  const label = reasonLabel(t, reason);
  return FIELD_REASONS.includes(reason.code) && reason.field
    ? `${t.fields[reason.field] ?? reason.field}: ${label}`
    : label;
}
