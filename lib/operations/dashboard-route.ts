// What every dashboard data route (./dashboard.ts, ./dashboard-lists.ts) shares: a GET with the signed-in session
// (the dashboard writes through server actions, not through these routes), all under one tag.
import { forbidden, notSignedIn, reason, validation } from "./errors";
import { operationsSharing } from "./operation";

export const dashboardRoute = operationsSharing({ method: "get", auth: "session", tags: ["Dashboard"] });

/** The refusals of a read: no session, or the access group lacks the module or the company is outside its scope. */
export const dashboardReadErrors = { 401: notSignedIn, 403: forbidden };
/** A read of one company (or of something under it) by id. */
export const companyReadErrors = { 400: validation, ...dashboardReadErrors, 404: reason("`company not found`") };
