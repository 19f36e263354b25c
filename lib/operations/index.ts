// The operation table: every /v3 operation and every dashboard data route (/admin/api), each declared once in the
// domain files beside this one and named by its export (the OpenAPI operationId). Read by the route wrapper (through
// the route files), the edge's 404/405, the OpenAPI document and the authorization matrix; a unit test keeps it equal
// to the route files (tests/unit/openapi-coverage.test.ts).
import * as apiReference from "./api-reference";
import * as auth from "./auth";
import * as company from "./company";
import * as dashboardAccess from "./dashboard-access";
import * as dashboardAudit from "./dashboard-audit";
import * as dashboardCompanies from "./dashboard-companies";
import * as dashboardEvents from "./dashboard-events";
import * as dashboardImports from "./dashboard-imports";
import * as dashboardListTools from "./dashboard-list-tools";
import * as dashboardLists from "./dashboard-lists";
import * as dashboardMembers from "./dashboard-members";
import * as dashboardOutbox from "./dashboard-outbox";
import * as dashboardOverview from "./dashboard-overview";
import * as dashboardSendouts from "./dashboard-sendouts";
import * as dashboardWebhooks from "./dashboard-webhooks";
import * as event from "./event";
import * as imports from "./imports";
import * as mailEvents from "./mail-events";
import * as member from "./member";
import type { Operation, OperationSpec } from "./operation";
import * as organization from "./organization";
import * as publicLists from "./public-lists";
import * as sendout from "./sendout";
import * as subscription from "./subscription";
import * as webhook from "./webhook";

export type { Operation } from "./operation";

type Merged<Domains extends readonly object[]> = Domains extends readonly [infer First, ...infer Rest extends readonly object[]]
  ? First & Merged<Rest>
  : unknown;

/** The domains' operations in one object by operationId; two operations of one name are an error at load. */
function merge<const Domains extends readonly Record<string, OperationSpec>[]>(domains: Domains): Merged<Domains> {
  const all: Record<string, OperationSpec> = {};
  for (const domain of domains) {
    for (const [operationId, spec] of Object.entries(domain)) {
      if (operationId in all) throw new Error(`two operations are named ${operationId}`);
      all[operationId] = spec;
    }
  }
  return all as Merged<Domains>;
}

const listed = (api: object): Operation[] =>
  Object.entries(api as Record<string, OperationSpec>).map(([operationId, spec]) => ({ operationId, ...spec }));

/** The /v3 operations by operationId, in the order the document lists them. */
const v3Api = merge([auth, company, organization, member, event, publicLists, subscription, sendout, webhook, imports, mailEvents, apiReference]);
export type V3OperationId = keyof typeof v3Api;
export const v3Operations = listed(v3Api);

/** The dashboard's data routes under /admin/api (a signed-in session), by id. Not in the public document. */
const dashboardApi = merge([
  dashboardOverview,
  dashboardCompanies,
  dashboardAccess,
  dashboardAudit,
  dashboardEvents,
  dashboardImports, dashboardLists, dashboardListTools, dashboardMembers, dashboardOutbox, dashboardSendouts, dashboardWebhooks]);
export const dashboardOperations = listed(dashboardApi);
