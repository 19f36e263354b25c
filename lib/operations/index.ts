// The operation table: every /v3 operation and every dashboard data route (/admin/api), each declared once in the
// domain files beside this one and named by its export (the OpenAPI operationId). Read by the route wrapper (through
// the route files), the edge's 404/405, the OpenAPI document and the authorization matrix; a unit test keeps it equal
// to the route files (tests/unit/openapi-coverage.test.ts).
import * as activity from "@/modules/activities/operations/api";
import * as apiReference from "./api-reference";
import * as auth from "@/modules/access/operations/api";
import * as company from "@/modules/companies/operations/api";
import * as dashboardActivities from "@/modules/activities/operations/dashboard";
import * as dashboardAccess from "@/modules/access/operations/dashboard";
import * as dashboardAudit from "@/modules/audit/operations/dashboard";
import * as dashboardCompanies from "@/modules/companies/operations/dashboard";
import * as dashboardEvents from "@/modules/events/operations/dashboard";
import * as dashboardImports from "@/modules/imports/operations/dashboard";
import * as dashboardListTools from "@/modules/lists/operations/dashboard-tools";
import * as dashboardLists from "@/modules/lists/operations/dashboard";
import * as dashboardMembers from "@/modules/members/operations/dashboard";
import * as dashboardOutbox from "@/modules/sendouts/operations/dashboard-outbox";
import * as dashboardOverview from "@/modules/overview/operations/dashboard";
import * as dashboardSendouts from "@/modules/sendouts/operations/dashboard";
import * as dashboardWebhooks from "@/modules/webhooks/operations/dashboard";
import * as event from "@/modules/events/operations/api";
import * as families from "@/modules/activities/operations/families";
import * as imports from "@/modules/imports/operations/api";
import * as mailEvents from "@/modules/sendouts/operations/mail-events";
import * as member from "@/modules/members/operations/api";
import type { Operation, OperationSpec } from "./operation";
import * as organization from "@/modules/companies/operations/organization";
import * as publicLists from "@/modules/lists/operations/public-lists";
import * as sendout from "@/modules/sendouts/operations/api";
import * as subscription from "@/modules/lists/operations/api";
import * as webhook from "@/modules/webhooks/operations/api";

export type { Operation } from "./operation";

type Merged<Domains extends readonly object[]> = Domains extends readonly [
  infer First,
  ...infer Rest extends readonly object[],
]
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
const v3Api = merge([
  auth,
  company,
  organization,
  member,
  families,
  event,
  activity,
  publicLists,
  subscription,
  sendout,
  webhook,
  imports,
  mailEvents,
  apiReference,
]);
export type V3OperationId = keyof typeof v3Api;
export const v3Operations = listed(v3Api);

/** The dashboard's data routes under /admin/api (a signed-in session), by id. Not in the public document. */
const dashboardApi = merge([
  dashboardOverview,
  dashboardCompanies,
  dashboardAccess,
  dashboardActivities,
  dashboardAudit,
  dashboardEvents,
  dashboardImports,
  dashboardLists,
  dashboardListTools,
  dashboardMembers,
  dashboardOutbox,
  dashboardSendouts,
  dashboardWebhooks,
]);
export const dashboardOperations = listed(dashboardApi);
