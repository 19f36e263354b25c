"use client";
// The leaders' page's occasions: per person three large choices (present, absent, excused). Each tap is kept in the
// phone and sent at once (use-attendance-sender.ts), and the row says whether it is saved or not yet sent. Without
// JavaScript the choices are plain radio buttons and the form's button posts the whole occasion.
import { useEffect, useState } from "react";
import type { AttendanceStatus } from "../schemas/occasion";
import type { Lang } from "@/lib/i18n/lang";
import { leaderMessages, type LeaderMessages } from "../texts/leader";
import { personKey, useAttendanceSender, type SendAttendance, type SenderState } from "./use-attendance-sender";

export interface BoardOccasion {
  id: number;
  activity_name: string;
  starts_at: string;
  ends_at: string;
  location: string | null;
  status: "SCHEDULED" | "CANCELLED";
  recordable: boolean;
  attendance: {
    member_id: number;
    firstname: string | null;
    lastname: string | null;
    role: "LEADER" | "PARTICIPANT";
    status: AttendanceStatus | null;
  }[];
  gaps: { memberId: number; name: string; missing: ("contact" | "consent")[] }[];
}

const STATUSES: AttendanceStatus[] = ["PRESENT", "ABSENT", "EXCUSED"];
const chosenClass: Record<AttendanceStatus, string> = {
  PRESENT: "peer-checked:border-green-800 peer-checked:bg-green-800 peer-checked:text-white",
  ABSENT: "peer-checked:border-red-800 peer-checked:bg-red-800 peer-checked:text-white",
  EXCUSED: "peer-checked:border-amber-900 peer-checked:bg-amber-900 peer-checked:text-white",
};

type Person = BoardOccasion["attendance"][number];

function PersonRow({
  occasion,
  person,
  t,
  sender,
  hydrated,
  onTap,
}: {
  occasion: BoardOccasion;
  person: Person;
  t: LeaderMessages["page"];
  sender: SenderState;
  hydrated: boolean;
  onTap: (status: AttendanceStatus) => void;
}) {
  const key = personKey(occasion.id, person.member_id);
  const queued = sender.queue.find((q) => q.occasionId === occasion.id && q.memberId === person.member_id);
  const status = queued?.status ?? sender.sent.get(key) ?? person.status;
  const name = [person.firstname, person.lastname].filter(Boolean).join(" ") || `#${person.member_id}`;
  const state = queued ? (sender.signedOut ? "signed-out" : "pending") : sender.sent.has(key) ? "sent" : "none";
  const note = { pending: t.pending, "signed-out": t.signInAgain, sent: t.sent, none: null }[state];
  return (
    <li className="py-2" data-testid={`person-${person.member_id}`} data-state={state}>
      <fieldset disabled={!occasion.recordable}>
        <legend className="flex w-full items-baseline justify-between gap-2 text-base font-semibold text-slate-900">
          <span>{name}</span>
          {hydrated && note && (
            <span
              role="status"
              className={`text-sm font-medium ${state === "sent" ? "text-green-800" : "text-amber-900"}`}
            >
              {note}
            </span>
          )}
        </legend>
        <div className="mt-1 grid grid-cols-3 gap-2">
          {STATUSES.map((s) => (
            <label key={s} className="block">
              <input
                type="radio"
                name={`status-${person.member_id}`}
                value={s}
                checked={status === s}
                onChange={() => onTap(s)}
                className="peer sr-only"
              />
              <span
                className={`flex min-h-12 items-center justify-center rounded-lg border-2 border-slate-400 bg-white px-1 text-center text-sm font-semibold text-slate-900 peer-focus-visible:ring-2 peer-focus-visible:ring-blue-700 peer-focus-visible:ring-offset-2 peer-disabled:opacity-60 ${chosenClass[s]}`}
              >
                {t.status[s]}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </li>
  );
}

function OccasionCard({
  occasion,
  t,
  sender,
  hydrated,
  tap,
  saveForm,
}: {
  occasion: BoardOccasion;
  t: LeaderMessages["page"];
  sender: SenderState;
  hydrated: boolean;
  tap: ReturnType<typeof useAttendanceSender>["tap"];
  saveForm: (form: FormData) => Promise<void>;
}) {
  const time = `${occasion.starts_at.slice(11, 16)}–${occasion.ends_at.slice(11, 16)}`;
  const groups: [string, Person[]][] = [
    [t.leaders, occasion.attendance.filter((p) => p.role === "LEADER")],
    [t.participants, occasion.attendance.filter((p) => p.role === "PARTICIPANT")],
  ];
  const headingId = `occasion-${occasion.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-300 bg-white p-4 shadow-sm">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {occasion.activity_name}
      </h3>
      <p className="text-sm text-slate-700">
        {occasion.starts_at.slice(0, 10)} {time}
        {occasion.location ? ` · ${occasion.location}` : ""}
        {occasion.status === "CANCELLED" ? ` · ${t.cancelled}` : ""}
      </p>
      {!occasion.recordable && occasion.status !== "CANCELLED" && (
        <p className="mt-2 text-sm text-slate-700">{t.notYet}</p>
      )}
      {sender.refused.has(occasion.id) && (
        <p role="alert" className="mt-2 rounded-md border border-red-800 bg-red-50 p-2 text-sm text-red-900">
          {t.refused}
        </p>
      )}
      <form
        action={saveForm}
        onSubmit={(event) => {
          // With JavaScript every tap is already on its way; the button is for phones without it.
          event.preventDefault();
        }}
      >
        <input type="hidden" name="occasion_id" value={occasion.id} />
        {groups.map(([label, people]) =>
          people.length === 0 ? null : (
            <div key={label} className="mt-3">
              <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-700">{label}</h4>
              <ul className="divide-y divide-slate-200">
                {people.map((person) => (
                  <PersonRow
                    key={person.member_id}
                    occasion={occasion}
                    person={person}
                    t={t}
                    sender={sender}
                    hydrated={hydrated}
                    onTap={(status) => tap({ occasionId: occasion.id, memberId: person.member_id, status })}
                  />
                ))}
              </ul>
            </div>
          ),
        )}
        {occasion.recordable && !hydrated && (
          <button
            type="submit"
            className="mt-4 w-full rounded-lg bg-blue-800 px-4 py-3 text-base font-semibold text-white hover:bg-blue-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2"
          >
            {t.save}
          </button>
        )}
      </form>
      <div className="mt-4 border-t border-slate-200 pt-3">
        <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-700">{t.gapsTitle}</h4>
        {occasion.gaps.length === 0 ? (
          <p className="text-sm text-slate-700">{t.noGaps}</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">{t.gapsIntro}</p>
            <ul className="mt-1 list-disc pl-5 text-sm text-slate-900" data-testid={`gaps-${occasion.id}`}>
              {occasion.gaps.map((g) => (
                <li key={g.memberId}>
                  {g.name}: {g.missing.map((m) => t.missing[m]).join(", ")}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

export function LeaderAttendanceBoard({
  occasions,
  lang,
  userId,
  send,
  saveForm,
}: {
  occasions: BoardOccasion[];
  /** The signed-in user: its taps are kept apart from another user's on the same phone. */
  userId: number;
  /** The texts are read here: some are functions, which a server component cannot pass. */
  lang: Lang;
  send: SendAttendance;
  saveForm: (form: FormData) => Promise<void>;
}) {
  const t = leaderMessages(lang).page;
  const { state, tap } = useAttendanceSender(send, userId);
  const [hydrated, setHydrated] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the no-JavaScript button goes once the page runs
  useEffect(() => setHydrated(true), []);
  const waiting = state.queue.length;
  return (
    <div className="space-y-4">
      {hydrated && (!state.online || waiting > 0) && (
        <p
          role="status"
          data-testid="queue-status"
          className="rounded-md border border-amber-800 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {!state.online && <span className="block">{t.offline}</span>}
          {waiting > 0 && <span className="block">{state.sending ? t.sending : t.queued(waiting)}</span>}
        </p>
      )}
      {occasions.map((occasion) => (
        <OccasionCard
          key={occasion.id}
          occasion={occasion}
          t={t}
          sender={state}
          hydrated={hydrated}
          tap={tap}
          saveForm={saveForm}
        />
      ))}
    </div>
  );
}
