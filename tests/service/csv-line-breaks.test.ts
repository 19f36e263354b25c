// Line breaks in names: refused where a name comes in (the public subscribe, the member API and the dashboard's forms
// through the same schemas, import rows, a list's name, a sendout's sender name), and, for names stored before that
// rule, quoted and defused on every line in the two spreadsheet exports, so no line of the file begins a formula.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { ValidationFailed } from "@/lib/errors";
import { operatorCaller } from "@/modules/access/services/caller";
import { importsMessages, reasonLine } from "@/modules/imports/texts/imports";
import { checkRow } from "@/modules/imports/services/rows";
import { membersCsv } from "@/modules/members/services/bulk";
import { setMemberSubscription } from "@/modules/lists/services/subscribers";
import { subscribersCsv } from "@/modules/lists/services/subscribers-export";
import { createList } from "@/modules/lists/services/lists";
import { CreateMemberRequest, UpdateMemberRequest } from "@/modules/members/schemas/member";
import { parseInput } from "@/lib/validation/parse";
import { CreateSendoutRequest, UpdateSendoutRequest } from "@/modules/sendouts/schemas/sendout";
import { CreateListRequest, SubscribeRequest, UpdateListRequest } from "@/modules/lists/schemas/subscription";
import { spreadsheetCells } from "../csv-cells";
import { makeCompany } from "../helpers";

const FORMULA = /^[=+\-@\t\uFF1D\uFF0B\uFF0D\uFF20]/;
const HOSTILE = ["Eve\n=cmd|' /C calc'!A0", "Eve\r=1+1", "Eve\r\n@SUM(A1)", "Eve\n\n-2+3", "=x\n+y"];

/** What a reader that ignores quotes sees: every line of the file, split on every separator, quote marks dropped. */
const naivePieces = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .flatMap((line) => line.split(/[;,\t]/))
    .map((piece) => piece.replace(/^"/, ""));

async function read(lines: AsyncIterable<string>) {
  let text = "";
  for await (const line of lines) text += line;
  return text;
}

function expectNoFormula(text: string) {
  expect(naivePieces(text).filter((piece) => FORMULA.test(piece))).toEqual([]);
  expect(spreadsheetCells(text, ";").filter((cell) => FORMULA.test(cell))).toEqual([]);
  // Read with its quotes, each name is one cell again, every line of it defused.
  const names = spreadsheetCells(text, ";").filter((cell) => cell.startsWith("Eve") || cell.startsWith("'=x"));
  expect(names.sort()).toEqual(
    HOSTILE.map((h) => h.replace(/^(?=[=+\-@])/, "'").replace(/([\r\n]+)(?=[=+\-@])/g, "$1'")).sort(),
  );
}

describe("line breaks in names", () => {
  it("stored before the rule, come out quoted and defused on every line in both exports", async () => {
    const company = await makeCompany("Radbrytarföreningen");
    const list = await createList(operatorCaller(), { name: "Exporten", company_id: company.id });
    const ids: number[] = [];
    for (const [i, firstname] of HOSTILE.entries()) {
      const member = await db().member.create({
        data: {
          uuid: crypto.randomUUID(),
          organizationId: company.id,
          email: `lb${i}-${company.id}@example.se`,
          firstname,
        },
      });
      await setMemberSubscription(operatorCaller(), list.id, member.id, true);
      ids.push(member.id);
    }
    expectNoFormula(await read((await subscribersCsv(operatorCaller(), list.id, {})).lines));
    expectNoFormula(await read((await membersCsv(operatorCaller(), { member_ids: ids })).lines));
  });

  it("are refused on the field where a name comes in, with a key the forms translate", () => {
    const refused = (schema: Parameters<typeof parseInput>[0], input: unknown, field: string) => {
      let error: unknown;
      try {
        parseInput(schema, input);
      } catch (caught) {
        error = caught;
      }
      expect(error, `${field} of ${JSON.stringify(input)}`).toBeInstanceOf(ValidationFailed);
      const failure = error as ValidationFailed;
      expect(failure.status).toBe(400);
      expect(failure.errors).toEqual({ [field]: ["must not contain line breaks or other control characters"] });
      expect(failure.issueKeys).toEqual({ [field]: ["control_characters"] });
    };
    const company_id = crypto.randomUUID();
    for (const name of ["Eve\n=cmd|' /C calc'!A0", "Eve\r=1", "Eve\u2028Adam", "Eve\u0085x", "Eve\tx"]) {
      refused(SubscribeRequest, { email: "eve@example.se", firstname: name }, "firstname");
      refused(SubscribeRequest, { email: "eve@example.se", lastname: name }, "lastname");
      refused(CreateMemberRequest, { company_id, firstname: name }, "firstname");
      refused(UpdateMemberRequest, { lastname: name }, "lastname");
      refused(CreateListRequest, { company_id, name }, "name");
      refused(UpdateListRequest, { name }, "name");
      refused(
        CreateSendoutRequest,
        { company_id, list_ids: [1], subject: "Hej", html: "<p>Hej</p>", from_name: name },
        "from_name",
      );
      refused(UpdateSendoutRequest, { from_name: name }, "from_name");
      refused(UpdateSendoutRequest, { subject: name }, "subject");
    }
    // NUL keeps the words of the rule every input has.
    expect(() => parseInput(SubscribeRequest, { email: "eve@example.se", firstname: "A\u0000B" })).toThrow(
      expect.objectContaining({ errors: { firstname: ["must not contain NUL characters"] } }),
    );
    // Spaces, accents and a line break only at an end (trimmed away) are names as before.
    expect(
      parseInput(SubscribeRequest, { email: "eve@example.se", firstname: "Åsa-Britt \n", lastname: "af Klint" }),
    ).toMatchObject({ firstname: "Åsa-Britt", lastname: "af Klint" });
  });

  it("make an import row a problem, with the rule's own text", () => {
    expect(checkRow({ email: "eve@example.se", firstname: "Eve\n=cmd|' /C calc'!A0" })).toEqual({
      ok: false,
      reason: {
        code: "invalid",
        field: "firstname",
        detail: "must not contain line breaks or other control characters",
        issue: "control_characters",
      },
      email: "eve@example.se",
    });
    expect(
      reasonLine(importsMessages("sv"), { code: "invalid", field: "firstname", issue: "control_characters" }),
    ).toBe("Förnamn: radbrytningar och andra styrtecken är inte tillåtna");
    expect(checkRow({ email: "eve@example.se", firstname: "Eve" })).toMatchObject({ ok: true });
  });
});
