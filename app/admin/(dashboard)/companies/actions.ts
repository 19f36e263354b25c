"use server";
// The company screens' writes (COMPANY.U) and the approved-provider check (a read that asks the external service, so
// it runs on POST too). Scope is checked by each service.
import { action } from "@/lib/actions/action";
import { updateFkStatus } from "@/modules/companies/services/fk-status";
import { activateGrant } from "@/modules/access/services/grants";
import { checkProviderStatus, setLeisureCardApiKey } from "@/modules/companies/services/leisure-card";
import {
  ActivateGrantInput,
  ChangeFkStatusInput,
  CompanyIdInput,
  SetLeisureCardKeyInput,
} from "@/modules/companies/schemas/company";

export const changeFkStatusAction = action(
  { auth: "session", module: "company", permission: "COMPANY.U", input: ChangeFkStatusInput },
  async ({ company_id, fk_status }, { caller }) => updateFkStatus(caller, company_id, fk_status),
);

export const activateGrantAction = action(
  { auth: "session", module: "company", permission: "COMPANY.U", input: ActivateGrantInput },
  async ({ company_id, grant_id }, { caller }) => {
    const activation = await activateGrant(caller, company_id, grant_id);
    return { grant_id: activation.grantId, activated_at: activation.createdAt.toISOString() };
  },
);

export const setLeisureCardKeyAction = action(
  { auth: "session", module: "company", permission: "COMPANY.U", input: SetLeisureCardKeyInput },
  async ({ company_id, ...key }, { caller }) => setLeisureCardApiKey(caller, company_id, key),
);

export const checkProviderStatusAction = action(
  { auth: "session", module: "company", input: CompanyIdInput },
  async ({ company_id }, { caller }) => checkProviderStatus(caller, company_id),
);
