// Company shapes (spec 2.2-2.8).
import { z } from "zod";

/** GET /v3/company: the caller's own company. The spec does not show this body; these are the fields we return. */
export const CurrentCompany = z
  .object({
    company_id: z.string(),
    uuid: z.string(),
    name: z.string(),
    shortname: z.string().nullable(),
    org_number: z.string(),
    parent_id: z.string().nullable(),
  })
  .meta({ id: "CurrentCompany", description: "The company that owns the calling API key (the root of its scope)." });
