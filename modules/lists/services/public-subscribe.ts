// The public subscribe: POST /v3/subscription_list/public/{uuid} and the hosted form. Subscribes to one list that
// arrive while the list's previous ones are being written go together into the next transaction, with one statement
// per kind of write for all of them. Alone, a subscribe is written at once, as before; under load one
// transaction carries many: each statement cost the server a round trip's CPU (on PostgreSQL a loopback write that
// wakes the backend, 60-70 us on the bench's machine) and Prisma's and the driver's work per call, and each commit a
// flush. Every guarantee is the database's, as for one: one member per address (its unique index), the cap (one
// conditional claim of all the batch's slots; when they do not all fit, each subscribe is retried alone, so exactly
// those that fit get in), double opt-in (whoever must confirm waits PENDING, as before).
import "server-only";
import type { z } from "zod";
import { coalesced, db } from "@/lib/db";
import { ValidationFailed } from "@/lib/errors";
import type { Lang } from "@/lib/i18n/lang";
import type { PublicChannel } from "@/modules/audit/services/audit";
import { holdPending, sweepStalePending } from "./confirmations";
import type { PendingData } from "./pending-data";
import { loadPublicList, type PublicList } from "./public-lists";
import { sendConfirmation, sendWelcome } from "./subscription-mail";
import { activateSubscriptions, subscriptionView, type Activation, type SubscriptionRow } from "./subscriptions";
import type { SubscribeInput, SubscribeResult } from "../schemas/subscription";
import { normalizeEmail } from "@/lib/validation/email";
import { createVisitor, createVisitors, recordAnswers, recordConsents, visitorsOf } from "./visitor-records";
import { withEventsInOneInsert } from "@/modules/webhooks/services/events";

type Channel = Extract<PublicChannel, "api" | "hosted_form">;

/** One visitor's subscribe, its input checked and its address normalized. */
interface Job {
  email: string;
  input: SubscribeInput;
  /** The answered questions, distinct and the list's own. */
  answered: number[];
  lang: Lang;
}

type Outcome =
  | { kind: "pending"; memberId: number; subscription: SubscriptionRow; send: boolean }
  | { kind: "active"; memberId: number; subscription: Activation };

/** A job's own answer from its batch: each caller gets its own error, not its batch's. */
type Settled = { outcome: Outcome } | { error: unknown };

/** At most this many subscribes in one transaction (its statements' bound JSON stays small). */
const MAX_BATCH = 100;

/**
 * The batcher of each list as loaded (a list that changed is loaded as a new object, so a batch never mixes two
 * versions of its rules) and channel (the audit entries name it).
 */
const batchers = new WeakMap<PublicList, Map<Channel, (job: Job) => Promise<Settled>>>();

function batcherOf(list: PublicList, via: Channel): (job: Job) => Promise<Settled> {
  let byChannel = batchers.get(list);
  if (!byChannel) batchers.set(list, (byChannel = new Map()));
  let batcher = byChannel.get(via);
  if (!batcher)
    byChannel.set(
      via,
      (batcher = coalesced((jobs: Job[]) => settleBatch(list, via, jobs), MAX_BATCH, { waitATurn: true })),
    );
  return batcher;
}

/**
 * The public subscribe's writes (POST /v3/subscription_list/public/{uuid} and the hosted form answer through
 * subscribePublicly), answering with the member and subscription as they now are. The list's rules decide (docs/api.md "Double opt-in"): a list with double
 * opt-in, a member who opted out of everything or an address that is suppressed waits PENDING for the address owner's
 * confirmation (confirmations.ts), whatever else. Otherwise the member is subscribed at once, as the contract says.
 * Either way an anonymous form never changes what is stored about an existing member: a new member is created with
 * what was typed (unless it must confirm), an existing one's names, phone and answers stay as they are. Mail goes
 * out after the commit; a failed send loses nothing (subscribing again resends).
 * From the hosted form (`via`), a list that requires consent refuses a subscribe without it (400 on terms_accepted);
 * the /v3 endpoint keeps the contract's rule: terms_accepted is optional.
 */
export async function subscribeVisitor(
  listUuid: string | null,
  input: SubscribeInput,
  lang: Lang = "sv",
  via: Channel = "api",
): Promise<z.output<typeof SubscribeResult>> {
  return (await subscribe(listUuid, input, lang, via)).result;
}

async function subscribe(
  listUuid: string | null,
  input: SubscribeInput,
  lang: Lang,
  via: Channel,
): Promise<{ list: PublicList; result: z.output<typeof SubscribeResult> }> {
  const list = await loadPublicList(listUuid); // cached; 404 `list not found`
  if (via === "hosted_form" && list.consentRequired && input.terms_accepted !== true) {
    const refused = new ValidationFailed({ terms_accepted: ["the list's consent must be accepted"] });
    refused.issueKeys = { terms_accepted: ["consent_required"] };
    throw refused;
  }
  const email = normalizeEmail(input.email);
  const answered = [...new Set(input.answered_prop_ids ?? [])].filter((id) => list.questionIds.has(id));
  await sweepStalePending(list.listId);

  const settled = await batcherOf(list, via)({ email, input, answered, lang });
  if ("error" in settled) throw settled.error;
  const { outcome } = settled;
  if (outcome.kind === "pending" && outcome.send) await sendConfirmation(outcome.subscription.id, lang);
  if (outcome.kind === "active" && outcome.subscription.activated && list.hasWelcome)
    await sendWelcome(outcome.subscription.id, lang);
  return { list, result: { member_id: outcome.memberId, subscription: subscriptionView(outcome.subscription) } };
}

/**
 * subscribeVisitor for an anonymous caller (the /v3 endpoint, the hosted form): the same writes and mail, and an
 * answer that is the same for every address, whatever was stored before. A member's id, an existing subscription's
 * id, status or original subscribed_at would tell anyone who types an address whether it belongs to a member, since
 * when it is subscribed, or that it opted out. So `member_id` and the subscription's `id` are 0, the status is the
 * list's rule (PENDING with double opt-in, SUBSCRIBED otherwise) and subscribed_at the request's time. What was
 * actually done reaches only the address's owner: the confirmation message, or the list's mail.
 */
export async function subscribePublicly(
  listUuid: string | null,
  input: SubscribeInput,
  lang: Lang = "sv",
  via: Channel = "api",
): Promise<z.output<typeof SubscribeResult>> {
  const requestedAt = new Date();
  const { list } = await subscribe(listUuid, input, lang, via);
  const status = list.doubleOptIn ? "PENDING" : "SUBSCRIBED";
  return {
    member_id: 0,
    subscription: subscriptionView({
      id: 0,
      listId: list.listId,
      memberId: 0,
      status,
      source: "PUBLIC_FORM",
      subscribedAt: requestedAt,
      unsubscribedAt: null,
    }),
  };
}

/**
 * Each job's answer. Jobs of one address go in separate transactions, in the order they came. When a transaction of
 * several fails (the cap has room for some of them only, a conflict with another instance's writes), nothing of it
 * is kept and each of its jobs is written alone, so each gets the answer it would have had on its own.
 */
async function settleBatch(list: PublicList, via: Channel, jobs: Job[]): Promise<Settled[]> {
  const settled = new Array<Settled>(jobs.length);
  let waiting = jobs.map((job, index) => ({ job, index }));
  while (waiting.length) {
    const addresses = new Set<string>();
    const group = waiting.filter(({ job }) => !addresses.has(job.email) && addresses.add(job.email));
    waiting = waiting.filter((entry) => !group.includes(entry));
    try {
      const outcomes = await writeSubscribes(
        list,
        via,
        group.map(({ job }) => job),
      );
      group.forEach(({ index }, i) => (settled[index] = { outcome: outcomes[i] }));
    } catch (error) {
      if (group.length === 1) settled[group[0].index] = { error };
      else
        for (const { job, index } of group)
          settled[index] = await writeSubscribes(list, via, [job]).then(
            ([outcome]) => ({ outcome }),
            (error: unknown) => ({ error }),
          );
    }
  }
  return settled;
}

/** The subscribes of distinct addresses in one transaction; each one's outcome, in their order. */
async function writeSubscribes(list: PublicList, via: Channel, jobs: Job[]): Promise<Outcome[]> {
  return db().$transaction((tx) =>
    withEventsInOneInsert(tx, async () => {
      const now = new Date();
      const known = await visitorsOf(
        tx,
        list.companyId,
        jobs.map((job) => job.email),
      );
      const visitor = (job: Job) => known.get(job.email)!;
      const outcomes = new Map<Job, Outcome>();
      const mustConfirm = jobs.filter((job) => list.doubleOptIn || visitor(job).optedOut || visitor(job).suppressed);
      for (const job of mustConfirm) {
        const memberId = visitor(job).memberId ?? (await createVisitor(tx, list.companyId, job.email, {}, now));
        const { firstname, lastname, phone, terms_accepted } = job.input;
        const pending: PendingData = {
          firstname,
          lastname,
          phone,
          answered_prop_ids: job.answered,
          terms_accepted: terms_accepted === true,
          lang: job.lang,
        };
        outcomes.set(job, {
          kind: "pending",
          memberId,
          ...(await holdPending(tx, list.listId, memberId, pending, now)),
        });
      }
      const direct = jobs.filter((job) => !outcomes.has(job));
      if (direct.length) {
        const newcomers = direct.filter((job) => visitor(job).memberId === null);
        const created = await createVisitors(
          tx,
          list.companyId,
          newcomers.map((job) => ({ email: job.email, typed: job.input })),
          now,
        );
        const memberOf = (job: Job) => visitor(job).memberId ?? created.get(job.email)!;
        // What was typed about an existing member is not applied: only its owner may change it (by confirming).
        await recordAnswers(
          tx,
          newcomers.map((job) => ({ memberId: memberOf(job), propertyIds: job.answered })),
          now,
        );
        const consenting = direct.filter((job) => job.input.terms_accepted === true).map(memberOf);
        if (list.termId) await recordConsents(tx, consenting, list.termId, list.listId, now);
        const subscriptions = await activateSubscriptions(tx, list.listId, direct.map(memberOf), "PUBLIC_FORM", {
          enforceCap: true,
          publicChange: { companyId: list.companyId, channel: via },
        });
        for (const job of direct)
          outcomes.set(job, {
            kind: "active",
            memberId: memberOf(job),
            subscription: subscriptions.get(memberOf(job))!,
          });
      }
      return jobs.map((job) => outcomes.get(job)!);
    }),
  );
}
