// The leaders' page's queue of taps (modules/activities/components/attendance-queue.ts): a newer tap of a person
// replaces the older one, an answer removes only the taps it recorded, and the waits between retries grow to a cap.
import { describe, expect, it } from "vitest";
import {
  retryDelay,
  withoutOccasion,
  withoutSent,
  withTap,
  type QueuedTap,
} from "@/modules/activities/components/attendance-queue";

const tap = (occasionId: number, memberId: number, status: QueuedTap["status"]): QueuedTap => ({
  occasionId,
  memberId,
  status,
});

describe("the attendance queue", () => {
  it("keeps one tap per person and occasion, the newest", () => {
    let queue = withTap([], tap(1, 10, "PRESENT"));
    queue = withTap(queue, tap(1, 11, "ABSENT"));
    queue = withTap(queue, tap(1, 10, "EXCUSED"));
    queue = withTap(queue, tap(2, 10, "PRESENT"));
    expect(queue).toEqual([tap(1, 11, "ABSENT"), tap(1, 10, "EXCUSED"), tap(2, 10, "PRESENT")]);
  });

  it("removes what the server recorded, but not a person tapped again while it was on its way", () => {
    const sent = [tap(1, 10, "PRESENT"), tap(1, 11, "ABSENT")];
    const meanwhile = withTap(sent, tap(1, 10, "EXCUSED"));
    expect(withoutSent(meanwhile, sent)).toEqual([tap(1, 10, "EXCUSED")]);
    expect(withoutSent(sent, sent)).toEqual([]);
  });

  it("drops an occasion's taps the server refused for good, and no other's", () => {
    expect(withoutOccasion([tap(1, 10, "PRESENT"), tap(2, 10, "ABSENT")], 1)).toEqual([tap(2, 10, "ABSENT")]);
  });

  it("waits 1 s, doubling, at most 30 s between retries", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});
