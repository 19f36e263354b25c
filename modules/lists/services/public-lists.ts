// What the public sees of subscription lists: an active list's info for the hosted form, an organization's open
// lists, and a list's name for the unsubscribe page. No caller: these are public by the contract.
import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { isUuid } from "@/lib/validation/common";
import { LIST_FIELDS, type PublicListInfo, type PublicListSummary } from "../schemas/subscription";
import { termView } from "./consent-terms";
import { EpochCache } from "@/lib/cache/epoch-cache";
import { activeListOfLiveCompany } from "@/lib/live-records";

type ListField = (typeof LIST_FIELDS)[number];

export function parseFields(json: string): ListField[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value)
      ? value.filter((f): f is ListField => (LIST_FIELDS as readonly string[]).includes(f))
      : [];
  } catch {
    return [];
  }
}

export function parseDesign(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    // Stored only from an object (UpdateListRequest); anything else is not a design.
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A public list: what the hosted form and GET /public/{uuid} show, and what a subscribe needs to know besides. */
export interface PublicList {
  listId: number;
  companyId: string;
  termId: number | null;
  /** Public subscribes wait for the address owner's confirmation by email. */
  doubleOptIn: boolean;
  /** The hosted form refuses a subscribe without consent (only with a term; the /v3 endpoint ignores it). */
  consentRequired: boolean;
  /** The list has a welcome message (its subject is set): a subscribe that activates reads and sends it. */
  hasWelcome: boolean;
  /** Who the visitor gives their address to: the list's company as the register has it (the hosted form shows it). */
  organization: { name: string; email: string | null; web: string | null };
  questionIds: ReadonlySet<number>;
  info: z.output<typeof PublicListInfo>;
}

/** Lists change rarely and are read on every form view and subscribe (lib/cache/epoch-cache.ts). */
const publicLists = new EpochCache<string, PublicList>("public_lists", 2000);

async function readPublicList(uuid: string): Promise<PublicList | null> {
  const list = await db().subscriptionList.findFirst({
    where: { uuid, ...activeListOfLiveCompany },
    // The welcome message itself is read when it is sent; the cache holds only whether there is one, so a subscribe
    // to a list without one reads nothing more after its commit.
    omit: { welcomeHtml: true },
    include: {
      term: true,
      company: { select: { name: true, email: true, web: true } },
      questions: {
        orderBy: [{ position: "asc" }, { propertyId: "asc" }],
        include: { property: { include: { group: true } } },
      },
    },
  });
  if (!list) return null;
  return {
    listId: list.id,
    companyId: list.companyId,
    termId: list.termId,
    doubleOptIn: list.doubleOptIn,
    consentRequired: list.consentRequired && list.termId !== null,
    hasWelcome: list.welcomeSubject !== null,
    organization: { name: list.company.name, email: list.company.email || null, web: list.company.web || null },
    questionIds: new Set(list.questions.map((q) => q.propertyId)),
    info: {
      name: list.name,
      description: list.description,
      fields: parseFields(list.fields),
      uuid: list.uuid,
      image_url: list.imageUrl,
      show_image: list.showImage,
      design: parseDesign(list.design),
      term: termView(list.term),
      questions: list.questions.map(({ property }) => ({
        prop_id: property.id,
        name: property.name,
        descr: property.descr,
        group_name: property.group.name,
        group_descr: property.group.descr,
      })),
    },
  };
}

/** An active list of a live company by its uuid, or 404 `list not found`. Cached. */
export async function loadPublicList(uuid: string | null): Promise<PublicList> {
  if (!uuid || !isUuid(uuid)) throw new NotFound("list not found");
  const list = await publicLists.get(uuid, () => readPublicList(uuid));
  if (!list) throw new NotFound("list not found");
  return list;
}

/**
 * GET /v3/subscription_list/public/{uuid}: an active list of a live company, or 404 `list not found`. The same
 * object for as long as the list is unchanged (the hosted page's cache keys on it).
 */
export async function getPublicListInfo(uuid: string | null): Promise<z.output<typeof PublicListInfo>> {
  return (await loadPublicList(uuid)).info;
}

/** GET /v3/subscription_list/public/company/{company_id}: the organization's active lists, without uuids. */
export async function listPublicListsOfCompany(companyId: string): Promise<z.output<typeof PublicListSummary>[]> {
  return db().subscriptionList.findMany({
    where: { companyId, ...activeListOfLiveCompany },
    orderBy: { id: "asc" },
    select: { id: true, name: true, description: true },
  });
}
