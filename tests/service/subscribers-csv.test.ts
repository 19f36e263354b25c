// The subscribers CSV opens as data, not formulas, in a spreadsheet that splits on any of the usual separators:
// Swedish Excel splits on `;`, so a name like `x;=cmd|' /C calc'!A0;` put a formula at the start of a cell when only
// a cell's own first character was defused (security finding 8).
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { setMemberSubscription } from "@/modules/lists/services/subscribers";
import { subscribersCsv } from "@/modules/lists/services/subscribers-export";
import { createProperty } from "@/modules/members/services/properties";
import { createList, updateList } from "@/modules/lists/services/lists";
import { subscribeVisitor as subscribeParsed } from "@/modules/lists/services/public-subscribe";
import { SubscribeRequest } from "@/modules/lists/schemas/subscription";
import { spreadsheetCells } from "../csv-cells";
import { makeCompany } from "../helpers";

/** A subscribe as the form or the endpoint sends it, parsed by the shared schema. */
const subscribeVisitor = (uuid: string, input: unknown, lang?: "sv" | "en", via?: "api" | "hosted_form") =>
  subscribeParsed(uuid, SubscribeRequest.parse(input), lang, via);

const HOSTILE = ["x;=cmd|' /C calc'!A0;", "x,=1+1", "x\t@SUM(A1)", '=HYPERLINK("http://evil")', "-2+3", "x; +1", "a;b"];

describe("subscribers CSV", () => {
  it("no cell starts a formula whichever separator the spreadsheet splits on, and values stay whole", async () => {
    const company = await makeCompany("CSV-föreningen");
    const list = await createList(operatorCaller(), { name: "Exporten", company_id: company.id });
    for (const [i, lastname] of HOSTILE.entries()) {
      const member = await db().member.create({
        data: {
          uuid: crypto.randomUUID(),
          organizationId: company.id,
          email: `csv${i}-${company.id}@example.se`,
          firstname: "Eva",
          lastname,
        },
      });
      await setMemberSubscription(operatorCaller(), list.id, member.id, true);
    }
    let text = "";
    for await (const line of (await subscribersCsv(operatorCaller(), list.id, {})).lines) text += line;

    for (const separator of [",", ";", "\t"]) {
      expect(
        spreadsheetCells(text, separator).filter((cell) => /^[=+\-@]/.test(cell)),
        `split on ${JSON.stringify(separator)}`,
      ).toEqual([]);
    }
    // Read as the semicolon-separated file it is, each name is one cell, defused only where it began with a trigger.
    const names = spreadsheetCells(text, ";").filter((cell) => HOSTILE.some((h) => cell.endsWith(h)));
    expect(names.sort()).toEqual(HOSTILE.map((h) => (/^[=+\-@]/.test(h) ? `'${h}` : h)).sort());
  });

  it("opens right in Swedish Excel: a BOM, semicolons, the staff member's language, consent and answers", async () => {
    const company = await makeCompany("Excel-föreningen");
    const caller = operatorCaller();
    const football = await createProperty(caller, { company_id: company.id, group_name: "Intressen", name: "Fotboll" });
    const swimming = await createProperty(caller, { company_id: company.id, group_name: "Intressen", name: "Simning" });
    const list = await createList(caller, { name: "Exporten", company_id: company.id });
    await updateList(caller, list.id, {
      term: { name: "Samtycke", html: "<p>Ja tack.</p>" },
      question_prop_ids: [football.prop_id, swimming.prop_id],
    });
    const stamp = Date.now();
    await subscribeVisitor(list.uuid, {
      email: `asa.${stamp}@example.se`,
      firstname: "Åsa",
      answered_prop_ids: [swimming.prop_id],
      terms_accepted: true,
    });
    await subscribeVisitor(list.uuid, { email: `bo.${stamp}@example.se`, answered_prop_ids: [] });

    const read = async (lang: "sv" | "en") => {
      let text = "";
      for await (const line of (await subscribersCsv(caller, list.id, {}, lang)).lines) text += line;
      return text;
    };
    const swedish = await read("sv");
    expect(swedish.startsWith("\uFEFF")).toBe(true);
    const rows = swedish
      .slice(1)
      .split("\r\n")
      .filter(Boolean)
      .map((line) => line.split(";"));
    expect(rows[0]).toEqual([
      "E-post",
      "Förnamn",
      "Efternamn",
      "Status",
      "Källa",
      "Prenumererar sedan",
      "Avslutad",
      "Samtycke",
      "Samtycke givet",
      "Fotboll",
      "Simning",
      "Medlems-id",
      "Medlemmens uuid",
    ]);
    const asa = rows.find((row) => row[0] === `asa.${stamp}@example.se`)!;
    expect(asa.slice(1, 5)).toEqual(["Åsa", "", "Prenumererar", "Formuläret"]);
    expect(asa[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(asa.slice(7, 11)).toEqual(["Ja", asa[5], "", "Ja"]);
    const bo = rows.find((row) => row[0] === `bo.${stamp}@example.se`)!;
    expect(bo.slice(7, 11)).toEqual(["Nej", "", "", ""]);
    expect(swedish).not.toMatch(/SUBSCRIBED|PUBLIC_FORM/);

    const english = (await read("en")).slice(1).split("\r\n");
    expect(english[0]).toBe(
      "Email;First name;Last name;Status;Source;Subscribed since;Unsubscribed;Consent;Consent given;Fotboll;Simning;Member id;Member uuid",
    );
    expect(english.find((line) => line.startsWith(`asa.${stamp}`))).toContain(";Subscribed;The form;");
  });
});
