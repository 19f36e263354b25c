// A member's guardians over /v3 (an extension beyond the contract: module `member`): the shapes of the list and of
// setting one.
import { z } from "zod";
import { IntIdParam, requiredText } from "@/lib/validation/common";
import { singleLine } from "@/lib/validation/text";

export const GuardianParams = z.object({ id: IntIdParam, guardian_id: IntIdParam });

export const SetGuardianRequest = z
  .object({
    relation: singleLine(requiredText(60)).meta({
      description: "The guardian's relation to the member as text, e.g. förälder or vårdnadshavare.",
    }),
  })
  .meta({ id: "SetGuardianRequest" });

const GuardianConsentView = z.object({
  consent_key: z.string().meta({ description: "The versioned key of the consent text agreed to." }),
  given_at: z.string(),
  source: z.enum(["hosted_signup", "dashboard", "api"]),
  withdrawn_at: z.string().nullable(),
});

export const GuardianView = z
  .object({
    guardian_id: z.number().int(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    relation: z.string(),
    consents: z.array(GuardianConsentView),
  })
  .meta({ id: "MemberGuardian" });

export const GuardianList = z.array(GuardianView).meta({ id: "MemberGuardians" });
