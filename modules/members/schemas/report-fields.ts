// The member fields that grant reports ask for: gender, a disability, and the personnummer. None is required
// anywhere: the LOK-stöd report needs only the birthdate, and counts by gender where it is known.
import Personnummer from "personnummer";
import { z } from "zod";

export const GENDERS = ["FEMALE", "MALE", "OTHER"] as const;
export type Gender = (typeof GENDERS)[number];

export const MemberGender = z
  .enum(GENDERS, { error: `must be one of ${GENDERS.join(", ")}` })
  .nullable()
  .optional()
  .meta({ description: "For the figures of grant reports; null when not given." });

export const MemberDisability = z
  .boolean({ error: "must be true or false" })
  .nullable()
  .optional()
  .meta({
    description:
      "Marked when the member has a disability: the LOK-stöd report then counts them past the upper age. Health data: " +
      "set it only where a grant needs it.",
  });

/**
 * A personnummer or samordningsnummer (12 digits, or 10 where the century is clear from the date), with or without
 * the separator; stored as its 12 digits. Its check digit and date are verified.
 */
export const PersonalNumber = z
  .string({ error: "must be a string" })
  .trim()
  .max(13, { error: "must be a personnummer, e.g. 20150312-1234" })
  .transform((value, context) => {
    if (value === "") return null;
    if (!/^(\d{6}|\d{8})[-+]?\d{4}$/.test(value) || !Personnummer.valid(value)) {
      context.addIssue({
        code: "custom",
        message: "must be a personnummer, e.g. 20150312-1234",
        params: { key: "invalid_personal_number" },
      });
      return z.NEVER;
    }
    return Personnummer.parse(value).format(true);
  })
  .nullable()
  .optional()
  .meta({
    description:
      "Optional, for grant offices that ask for it. Stored encrypted; read and written only with the PERSONAL_NUMBER.U " +
      "permission (null for others). Accepted as YYYYMMDD-NNNN or YYMMDD-NNNN; returned as YYYYMMDD-NNNN.",
  });

/** A stored personnummer (12 digits) as people write it. */
export const formatPersonalNumber = (digits: string) => `${digits.slice(0, 8)}-${digits.slice(8)}`;
