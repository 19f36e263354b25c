// The member screen's dashboard data routes: its options, its search and its bulk actions (/admin/api/members/…), with the signed-in session.
// The writes (adding the selected members to a list) are server actions (app/admin/(dashboard)/members/actions.ts).
import { MemberPage, MemberSearchQuery } from "../schemas/member";
import { MemberExportQuery } from "../schemas/bulk";
import { MemberScreenOptions } from "../schemas/dashboard";
import { validation } from "@/lib/operations/errors";
import { dashboardReadErrors, dashboardRoute } from "@/lib/operations/dashboard-route";

export const dashboardMembersExportCsv = dashboardRoute({
  path: "/members/export.csv",
  module: "member",
  query: MemberExportQuery,
  summary: "The selected members (by id, or all matching the member screen's search) as a CSV download",
  responses: {
    200: {
      description:
        "CSV for Excel (semicolons, a UTF-8 byte-order mark), headings in the staff member's language, times in Swedish time; members outside the caller's scope left out; streamed",
      contentType: "text/csv",
    },
  },
  errors: { 400: validation, ...dashboardReadErrors },
});

export const dashboardMemberOptions = dashboardRoute({
  path: "/members/options",
  module: "member",
  summary: "Companies, periods, member types, properties and events to filter and edit members by",
  responses: { 200: { description: "The options", schema: MemberScreenOptions } },
  errors: dashboardReadErrors,
});

export const dashboardMembers = dashboardRoute({
  path: "/members",
  module: "member",
  query: MemberSearchQuery,
  summary: "The member screen's search (the same service as /v3's member search)",
  responses: { 200: { description: "A page of members", schema: MemberPage } },
  errors: { 400: validation, ...dashboardReadErrors },
});
