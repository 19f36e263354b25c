// The subscribers CSV opens as data, not formulas, in a spreadsheet that splits on any of the usual separators:
// Swedish Excel splits on `;`, so a name like `x;=cmd|' /C calc'!A0;` put a formula at the start of a cell when only
// a cell's own first character was defused (issue 17, 8).
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/lib/services/caller";
import { setMemberSubscription, subscribersCsv } from "@/lib/services/subscribers";
import { createList } from "@/lib/services/subscription-lists";
import { makeCompany } from "../helpers";

/** The cells of CSV `text` as a spreadsheet reads them with `separator`: RFC 4180 quotes honoured, as Excel does. */
function cells(text: string, separator: string): string[] {
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

const HOSTILE = ["x;=cmd|' /C calc'!A0;", "x,=1+1", "x\t@SUM(A1)", "=HYPERLINK(\"http://evil\")", "-2+3", "x; +1", "a;b"];

describe("subscribers CSV", () => {
  it("no cell starts a formula whichever separator the spreadsheet splits on, and values stay whole", async () => {
    const company = await makeCompany("CSV-föreningen");
    const list = await createList(operatorCaller(), { name: "Exporten", company_id: company.id });
    for (const [i, lastname] of HOSTILE.entries()) {
      const member = await db().member.create({ data: { uuid: crypto.randomUUID(), organizationId: company.id, email: `csv${i}-${company.id}@example.se`, firstname: "Eva", lastname } });
      await setMemberSubscription(operatorCaller(), list.id, member.id, true);
    }
    let text = "";
    for await (const line of (await subscribersCsv(operatorCaller(), list.id, {})).lines) text += line;

    for (const separator of [",", ";", "\t"]) {
      expect(cells(text, separator).filter((cell) => /^[=+\-@]/.test(cell)), `split on ${JSON.stringify(separator)}`).toEqual([]);
    }
    // Read as the comma-separated file it is, each name is one cell, defused only where it began with a trigger.
    const names = cells(text, ",").filter((cell) => HOSTILE.some((h) => cell.endsWith(h)));
    expect(names.sort()).toEqual(HOSTILE.map((h) => (/^[=+\-@]/.test(h) ? `'${h}` : h)).sort());
  });
});
