// The shapes the company screens read from /admin/api/companies/… and the server actions they are given by the pages:
// inferred from the schemas the services answer with (modules/companies/schemas/dashboard.ts). Client-safe.
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/result";
import type {
  ActivateGrantInput,
  ChangeFkStatusInput,
  CompanyIdInput,
  ProviderCheckOutcome,
  SetLeisureCardKeyInput,
  UpdateFkStatusResponse,
} from "@/modules/companies/schemas/company";
import type {
  ActivatedGrant,
  CompanyDetail as CompanyDetailSchema,
  CompanyGrantRow as CompanyGrantRowSchema,
  DashboardRegisterRow,
  FkHistoryEntry as FkHistoryEntrySchema,
  LeisureCardKeyRecord as LeisureCardKeyRecordSchema,
} from "@/modules/companies/schemas/dashboard";

export type RegisterRow = z.infer<typeof DashboardRegisterRow>;
export type CompanyDetail = z.infer<typeof CompanyDetailSchema>;
export type FkHistoryEntry = z.infer<typeof FkHistoryEntrySchema>;
export type CompanyGrantRow = z.infer<typeof CompanyGrantRowSchema>;
export type LeisureCardKeyRecord = z.infer<typeof LeisureCardKeyRecordSchema>;

/** The page's server actions, handed to the client components as props. */
export interface CompanyActions {
  changeFkStatus: (
    input: z.input<typeof ChangeFkStatusInput>,
  ) => Promise<ActionResult<z.infer<typeof UpdateFkStatusResponse>>>;
  activateGrant: (input: z.input<typeof ActivateGrantInput>) => Promise<ActionResult<z.infer<typeof ActivatedGrant>>>;
  setLeisureCardKey: (input: z.input<typeof SetLeisureCardKeyInput>) => Promise<ActionResult<LeisureCardKeyRecord>>;
  checkProviderStatus: (input: z.input<typeof CompanyIdInput>) => Promise<ActionResult<ProviderCheckOutcome>>;
}
