// The import screen shows an upload's 413 in the staff member's language: the limits a real spreadsheet meets in
// their words, anything else after a lead sentence with the server's words.
import { describe, expect, it } from "vitest";
import { importsMessages, uploadRefusal } from "@/modules/imports/texts/imports";

const sv = importsMessages("sv");
const en = importsMessages("en");

describe("an upload refused past a limit", () => {
  it("names the rows, columns and lengths a spreadsheet meets in Swedish and English", () => {
    expect(uploadRefusal(sv, "sv", "the file has more than 200,000 rows")).toBe(
      "Filen har fler än 200\u00a0000 rader.",
    );
    expect(uploadRefusal(en, "en", "the file has more than 200,000 rows")).toBe("The file has more than 200,000 rows.");
    expect(uploadRefusal(sv, "sv", "the file has more than 1,000 columns (row 1)")).toBe(
      "Filen har fler än 1\u00a0000 kolumner.",
    );
    expect(uploadRefusal(sv, "sv", "a cell is longer than 5,000 characters (line 7, column 3)")).toBe(
      "En cell är längre än 5\u00a0000 tecken.",
    );
    expect(uploadRefusal(sv, "sv", "line 12 is longer than 100,000 characters")).toBe(
      "En rad är längre än 100\u00a0000 tecken.",
    );
    expect(uploadRefusal(en, "en", "a row is longer than 100,000 characters")).toBe(
      "A row is longer than 100,000 characters.",
    );
  });

  it("puts a lead sentence before the server's words for an archive past its limits", () => {
    expect(uploadRefusal(sv, "sv", "xl/sharedStrings.xml unpacks to more than 256 MB")).toBe(
      "Filen går över en av importens gränser: xl/sharedStrings.xml unpacks to more than 256 MB",
    );
  });
});
