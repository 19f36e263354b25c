// The shapes the company screens read from /admin/api/companies/… (the services' answers as JSON) and the server
// actions they are given by the pages. Client-safe: no server imports.
import type { ActionResult } from "@/lib/actions/result";
import type { FkStatusValue, LeisureCardKeyRequest, ProviderCheckOutcome } from "@/lib/validation/company";
import type { z } from "zod";

export interface RegisterRow {
  company_id: string;
  name: string;
  org_number: string;
  parent_id: string | null;
  parent_name: string | null;
  fk_status: string;
}

export interface CompanyDetail {
  company_id: string;
  uuid: string;
  name: string;
  shortname: string | null;
  org_number: string;
  fk_status: string;
  parent: { company_id: string; name: string; in_scope: boolean } | null;
  street: string | null;
  co: string | null;
  zipcode: string | null;
  post: string | null;
  country: string | null;
  email: string | null;
  phone: string | null;
  landline: string | null;
  web: string | null;
  c_name: string | null;
  c_email: string | null;
  c_phone: string | null;
}

export interface FkHistoryEntry {
  from: string;
  to: string;
  changed_by: string;
  changed_at: string;
}

export interface CompanyGrantRow {
  grant_id: number;
  name: string;
  descr: string;
  activated_at: string | null;
}

export interface LeisureCardKeyRecord {
  company_id: string;
  giro_type: string | null;
  giro_number: string | null;
  updated_at: string;
}

/** The page's server actions, handed to the client components as props. */
export interface CompanyActions {
  changeFkStatus: (input: { company_id: string; fk_status: FkStatusValue }) => Promise<ActionResult<{ company_id: string; fk_status: FkStatusValue }>>;
  activateGrant: (input: { company_id: string; grant_id: number }) => Promise<ActionResult<{ grant_id: number; activated_at: string }>>;
  setLeisureCardKey: (
    input: z.input<typeof LeisureCardKeyRequest> & { company_id: string },
  ) => Promise<ActionResult<LeisureCardKeyRecord>>;
  checkProviderStatus: (input: { company_id: string }) => Promise<ActionResult<ProviderCheckOutcome>>;
}
