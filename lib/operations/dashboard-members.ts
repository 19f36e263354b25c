// The dashboard's data routes of the member screen's bulk actions (/admin/api/members/…), with the signed-in session.
// The writes (adding the selected members to a list) are server actions (app/admin/(dashboard)/members/actions.ts).
import { MemberExportQuery } from "../validation/member-bulk";
import { validation } from "./errors";
import { dashboardReadErrors, dashboardRoute } from "./dashboard-route";

export const dashboardMembersExportCsv = dashboardRoute({
  path: "/members/export.csv",
  module: "member",
  query: MemberExportQuery,
  summary: "The selected members (by id, or all matching the member screen's search) as a CSV download",
  responses: {
    200: {
      description: "CSV for Excel (semicolons, a UTF-8 byte-order mark), headings in the staff member's language, times in Swedish time; members outside the caller's scope left out; streamed",
      contentType: "text/csv",
    },
  },
  errors: { 400: validation, ...dashboardReadErrors },
});
