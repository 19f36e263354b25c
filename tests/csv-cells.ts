// How a spreadsheet reads a CSV file the exports write: RFC 4180 quotes honoured (as Excel does), cells split on the
// separator it was told and at line ends. The security tests read the exports this way to find a cell that would
// start a formula.

/** The non-empty cells of CSV `text` as a spreadsheet reads them with `separator`. */
export function spreadsheetCells(text: string, separator: string): string[] {
  const out: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && (c === separator || c === "\r" || c === "\n")) {
      out.push(cell);
      cell = "";
    } else {
      cell += c;
    }
  }
  return [...out, cell].filter((c) => c !== "");
}
