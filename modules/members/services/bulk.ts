// Bulk actions of the member screen: the selection (ticked ids, or every member the screen's search matches) read
// within the caller's scope, added to a list by the subscription rules, or exported as a CSV file for Excel.
import "server-only";
import { stringify } from "csv-stringify/sync";
import type { z } from "zod";
import { db } from "@/lib/db";
import { Conflict, NotFound, ValidationFailed } from "@/lib/errors";
import type { Lang } from "@/lib/i18n/lang";
import { membersMessages } from "../texts/members";
import { membersBulkMessages } from "../texts/members-bulk";
import { MemberSearchQuery } from "../schemas/member";
import { BULK_MEMBERS_MAX, type BulkAddToListResult, type MemberSelectionInput } from "../schemas/bulk";
import { isCompanyInScope, requireModule, requirePermission } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { liveMember } from "@/lib/live-records";
import { searchMembers } from "./search";
import { memberSummaryInclude, memberSummaryView } from "./members";
import { CSV_OPTIONS, moment as csvMoment } from "@/modules/lists/services/subscribers-export";
import { setMemberSubscription } from "@/modules/lists/services/subscribers";
import { listInScope } from "@/modules/lists/services/lists";
import { isSuppressed } from "@/modules/lists/services/visitor-records";

const SEARCH_PAGE = 100;
const EXPORT_BATCH = 500;

/**
 * The live members the selection names that the caller may see, by id ascending. Ids of another organization's
 * members, erased or unknown ones are left out (never an error that tells them apart); "all matching" runs the member
 * search, which only ever finds members in scope. More than BULK_MEMBERS_MAX is refused (400) before anything happens.
 */
export async function resolveMemberSelection(caller: Caller, selection: MemberSelectionInput): Promise<number[]> {
  requireModule(caller, "member");
  if ("member_ids" in selection) {
    const members = await db().member.findMany({
      where: { id: { in: [...new Set(selection.member_ids)] }, ...liveMember },
      select: { id: true, organizationId: true },
      orderBy: { id: "asc" },
    });
    const inScope = new Map<string, boolean>();
    for (const organizationId of new Set(members.map((m) => m.organizationId))) {
      inScope.set(organizationId, await isCompanyInScope(caller, organizationId));
    }
    return members.filter((m) => inScope.get(m.organizationId)).map((m) => m.id);
  }
  const parsed = MemberSearchQuery.safeParse(Object.fromEntries(new URLSearchParams(selection.matching)));
  if (!parsed.success) throw new ValidationFailed({ matching: ["is not a search of the member screen"] });
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const found = await searchMembers(caller, { ...parsed.data, page, limit: SEARCH_PAGE });
    if (found.count > BULK_MEMBERS_MAX)
      throw new ValidationFailed({
        matching: [`matches ${found.count} members; at most ${BULK_MEMBERS_MAX} at a time`],
      });
    ids.push(...found.members.map((m) => m.id));
    if (found.members.length < SEARCH_PAGE) break;
  }
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * Adds the selected members to a list (SUBSCRIPTION_LIST.U, the list in scope) through setMemberSubscription, one
 * member at a time, so each gets the subscription rules, its webhook event and its audit entry. Who opted out of the
 * list or of everything themselves is not re-subscribed (the service refuses it), nor a suppressed address or a member
 * without one: all are counted, as are those already subscribed and members of another organization than the list's.
 */
export async function addMembersToList(
  caller: Caller,
  listId: number,
  selection: MemberSelectionInput,
): Promise<z.output<typeof BulkAddToListResult>> {
  const list = await listInScope(caller, listId);
  requirePermission(caller, "SUBSCRIPTION_LIST.U");
  const ids = await resolveMemberSelection(caller, selection);
  const result = {
    list_id: list.id,
    selected: ids.length,
    added: 0,
    already_subscribed: 0,
    opted_out: 0,
    suppressed: 0,
    no_email: 0,
    other_organization: 0,
  };
  const subscribed = new Set(
    (
      await db().subscription.findMany({
        where: { listId: list.id, memberId: { in: ids }, status: "SUBSCRIBED" },
        select: { memberId: true },
      })
    ).map((s) => s.memberId),
  );
  const members = await db().member.findMany({
    where: { id: { in: ids } },
    select: { id: true, email: true, organizationId: true },
    orderBy: { id: "asc" },
  });
  for (const member of members) {
    if (subscribed.has(member.id)) result.already_subscribed++;
    else if (member.organizationId !== list.companyId) result.other_organization++;
    else if (!member.email) result.no_email++;
    else if (await db().$transaction((tx) => isSuppressed(tx, member.organizationId, member.email!)))
      result.suppressed++;
    else {
      try {
        await setMemberSubscription(caller, list.id, member.id, true);
        result.added++;
      } catch (error) {
        if (error instanceof Conflict) result.opted_out++;
        else if (error instanceof NotFound) result.other_organization++;
        else throw error;
      }
    }
  }
  return result;
}

/**
 * The selected members as a CSV file for Swedish Excel, written like the subscribers export (the same options:
 * semicolons, CRLF, BOM, formulas defused), headings and membership statuses in the staff member's language, times
 * in Swedish time. The selection is resolved before the first line, so refusals are ordinary errors.
 */
export async function membersCsv(caller: Caller, selection: MemberSelectionInput, lang: Lang = "sv") {
  const ids = await resolveMemberSelection(caller, selection);
  const t = membersBulkMessages(lang).csv;
  const statuses = membersMessages(lang).common.statuses;
  const heading = [t.id, t.firstname, t.lastname, t.email, t.phone, t.birthdate, t.memberships, t.created];
  async function* lines(): AsyncGenerator<string> {
    yield stringify([heading], { ...CSV_OPTIONS, bom: true });
    for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
      const rows = await db().member.findMany({
        where: { id: { in: ids.slice(start, start + EXPORT_BATCH) } },
        include: memberSummaryInclude,
        orderBy: { id: "asc" },
      });
      const records = rows.map((row) => {
        const m = memberSummaryView(row, caller);
        const memberships = m.memberships
          .map((ms) => `${ms.company_name} · ${ms.period_name} · ${statuses[ms.status] ?? ms.status}`)
          .join("\n");
        return [
          String(m.id),
          m.firstname ?? "",
          m.lastname ?? "",
          m.email ?? "",
          m.phone ?? "",
          m.birthdate ?? "",
          memberships,
          csvMoment(m.created_at),
        ];
      });
      yield stringify(records, CSV_OPTIONS);
    }
  }
  return { filename: `${t.filename}-${new Date().toISOString().slice(0, 10)}.csv`, lines: lines() };
}
