"use client";
// Sends the leaders' page's queued taps (attendance-queue.ts): at once after a tap, again on the browser's `online`
// event and after a growing wait when a request fails. Each occasion's taps go in one request; an answer that
// refuses them for good (the occasion was cancelled, the person is no longer on it) drops them and says so.
import { useCallback, useEffect, useRef, useState } from "react";
import type { ActionResult } from "@/lib/actions/result";
import {
  loadQueue,
  queueKey,
  retryDelay,
  saveQueue,
  withoutOccasion,
  withoutSent,
  withTap,
  type QueuedTap,
} from "./attendance-queue";

export type SendAttendance = (input: {
  occasion_id: number;
  attendance: { member_id: number; status: QueuedTap["status"] }[];
}) => Promise<ActionResult<{ occasion_id: number }>>;

export interface SenderState {
  queue: QueuedTap[];
  /** Recorded by the server since the page loaded, by "occasion:member". */
  sent: Map<string, QueuedTap["status"]>;
  /** Occasions whose taps the server refused for good. */
  refused: Set<number>;
  sending: boolean;
  /** The session ended: taps wait until the leader signs in again. */
  signedOut: boolean;
  online: boolean;
}

export const personKey = (occasionId: number, memberId: number) => `${occasionId}:${memberId}`;

export function useAttendanceSender(send: SendAttendance, userId: number) {
  const key = queueKey(userId);
  const [state, setState] = useState<SenderState>({
    queue: [],
    sent: new Map(),
    refused: new Set(),
    sending: false,
    signedOut: false,
    online: true,
  });
  const queueRef = useRef<QueuedTap[]>([]);
  const busy = useRef(false);
  const attempt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The next round, started from within a round (a retry, or taps made meanwhile).
  const again = useRef<() => void>(() => {});

  const setQueue = useCallback(
    (queue: QueuedTap[]) => {
      queueRef.current = queue;
      saveQueue(key, queue);
      setState((s) => ({ ...s, queue }));
    },
    [key],
  );

  const flush = useCallback(async () => {
    if (busy.current || queueRef.current.length === 0) return;
    busy.current = true;
    if (timer.current) clearTimeout(timer.current);
    setState((s) => ({ ...s, sending: true }));
    let failed = false;
    try {
      for (const occasionId of new Set(queueRef.current.map((q) => q.occasionId))) {
        const taps = queueRef.current.filter((q) => q.occasionId === occasionId);
        let result: Awaited<ReturnType<SendAttendance>>;
        try {
          result = await send({
            occasion_id: occasionId,
            attendance: taps.map((q) => ({ member_id: q.memberId, status: q.status })),
          });
        } catch {
          failed = true; // no answer: offline, or the connection dropped
          break;
        }
        if (result.ok) {
          setQueue(withoutSent(queueRef.current, taps));
          setState((s) => {
            const sent = new Map(s.sent);
            for (const q of taps) sent.set(personKey(q.occasionId, q.memberId), q.status);
            return { ...s, sent, signedOut: false };
          });
        } else if (result.status === 401) {
          setState((s) => ({ ...s, signedOut: true }));
          failed = true;
          break;
        } else if (result.status === 429 || result.status >= 500) {
          failed = true;
          break;
        } else {
          setQueue(withoutOccasion(queueRef.current, occasionId));
          setState((s) => ({ ...s, refused: new Set(s.refused).add(occasionId) }));
        }
      }
    } finally {
      busy.current = false;
      setState((s) => ({ ...s, sending: false }));
    }
    if (failed) {
      timer.current = setTimeout(() => again.current(), retryDelay(attempt.current++));
    } else {
      attempt.current = 0;
      // Taps made while this round was on its way.
      if (queueRef.current.length > 0) again.current();
    }
  }, [send, setQueue]);

  useEffect(() => {
    again.current = () => void flush();
  }, [flush]);

  const tap = useCallback(
    (t: QueuedTap) => {
      setQueue(withTap(queueRef.current, t));
      setState((s) => ({ ...s, refused: new Set([...s.refused].filter((id) => id !== t.occasionId)) }));
      attempt.current = 0;
      void flush();
    },
    [flush, setQueue],
  );

  useEffect(() => {
    const online = () => {
      setState((s) => ({ ...s, online: true }));
      attempt.current = 0;
      void flush();
    };
    const offline = () => setState((s) => ({ ...s, online: false }));
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    // What an earlier visit left unsent goes out now. Reading localStorage can only happen after hydration.
    queueRef.current = loadQueue(key);
    setState((s) => ({ ...s, queue: queueRef.current, online: navigator.onLine }));
    void flush();
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [flush, key]);

  return { state, tap };
}
