// The leaders' page's taps not yet confirmed by the server, kept in the phone's localStorage so that a tap survives a
// failed request, a closed tab and a reload. One entry per person and occasion: a newer tap replaces an older one,
// and an entry leaves only when the server has recorded that very status (sending it twice is harmless: the
// attendance endpoint records a status it already holds as no change).
import type { AttendanceStatus } from "../schemas/occasion";

export interface QueuedTap {
  occasionId: number;
  memberId: number;
  status: AttendanceStatus;
}

/** One queue per dashboard user: leaders sharing a phone never send each other's taps under their own session. */
export const queueKey = (userId: number) => `forening.leader-attendance.v1.${userId}`;
const STATUSES = new Set(["PRESENT", "ABSENT", "EXCUSED"]);
/** More than any leader taps between two connections; a bound against a store grown by something else. */
const MAX_ENTRIES = 2000;

function isTap(value: unknown): value is QueuedTap {
  const v = value as Partial<QueuedTap> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    Number.isInteger(v.occasionId) &&
    Number.isInteger(v.memberId) &&
    typeof v.status === "string" &&
    STATUSES.has(v.status)
  );
}

export function loadQueue(key: string): QueuedTap[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isTap).slice(0, MAX_ENTRIES) : [];
  } catch {
    return [];
  }
}

export function saveQueue(key: string, queue: QueuedTap[]): void {
  try {
    if (queue.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(queue.slice(-MAX_ENTRIES)));
  } catch {
    // Storage full or refused (private mode): the tap still goes out now, it just would not survive a reload.
  }
}

const samePerson = (a: QueuedTap, b: Pick<QueuedTap, "occasionId" | "memberId">) =>
  a.occasionId === b.occasionId && a.memberId === b.memberId;

/** The queue with `tap` as its person's newest. */
export function withTap(queue: QueuedTap[], tap: QueuedTap): QueuedTap[] {
  return [...queue.filter((q) => !samePerson(q, tap)), tap];
}

/** The queue without the taps the server recorded: a person tapped again since keeps the newer tap. */
export function withoutSent(queue: QueuedTap[], sent: QueuedTap[]): QueuedTap[] {
  return queue.filter((q) => !sent.some((s) => samePerson(q, s) && s.status === q.status));
}

/** The queue without an occasion's taps (the server refused them for good). */
export function withoutOccasion(queue: QueuedTap[], occasionId: number): QueuedTap[] {
  return queue.filter((q) => q.occasionId !== occasionId);
}

/** Waits between retries: 1 s doubling to 30 s (a phone in a sports hall may be offline for the whole session). */
export function retryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
}
