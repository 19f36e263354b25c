// GET /v3/company/fk: the whole company register in minimal form (name, org_number, parent)
import { route } from "@/lib/http/route";
import { listRegister } from "@/lib/services/companies";

export const GET = route({ auth: "bearer", module: "company" }, async ({ caller }) => listRegister(caller));
