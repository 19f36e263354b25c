// Single-line texts that end up in places where a line break means something: names in mail headers (a display
// name's CR/LF survives the header's encoding), names in exported spreadsheets (a line break starts a line a formula
// could begin), names in sign-up mails. They are refused at input, with a key forms translate.
import type { z } from "zod";

/**
 * C0 and C1 controls (tab, CR and LF among them), DEL, and Unicode's line and paragraph separators. NUL is left to
 * the rule every input has (lib/validation/parse.ts), which says so in its own words.
 */
const CONTROL_CHARACTERS = /[\u0001-\u001f\u007f-\u009f\u2028\u2029]/;

const CONTROL_CHARACTERS_MESSAGE = "must not contain line breaks or other control characters";

/** The schema with control characters refused; the issue carries the key "control_characters" (lib/validation/issues.ts). */
export const singleLine = <S extends z.ZodString>(schema: S): S =>
  schema.refine((text) => !CONTROL_CHARACTERS.test(text), {
    error: CONTROL_CHARACTERS_MESSAGE,
    params: { key: "control_characters" },
  });
