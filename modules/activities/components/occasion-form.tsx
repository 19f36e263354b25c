"use client";
// Adding an occasion by hand, or moving one: its start (wall-clock time in the activity's zone), minutes and place.
import { useState } from "react";
import { TextField } from "@/components/ui/field";
import { buttonClass, secondaryButtonClass } from "@/components/admin/ui/styles";
import { zonedIso } from "@/modules/events/schemas/event";
import type { ActivitiesMessages } from "../texts/activities";
import type { OccasionRow } from "./types";

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export interface OccasionFormBody {
  starts_at: string;
  duration_minutes: number;
  location: string;
}

export function OccasionForm({
  occasion,
  timeZone,
  defaultMinutes,
  t,
  busy,
  onSave,
  onCancel,
}: {
  /** null: a new occasion. */
  occasion: OccasionRow | null;
  timeZone: string;
  defaultMinutes: number;
  t: ActivitiesMessages;
  busy: boolean;
  onSave: (body: OccasionFormBody) => void;
  onCancel: () => void;
}) {
  const idPrefix = occasion ? `move-${occasion.id}` : "new-occasion";
  const [starts, setStarts] = useState(occasion ? occasion.starts_at.slice(0, 16) : "");
  const [minutes, setMinutes] = useState(String(occasion?.duration_minutes ?? defaultMinutes));
  const [place, setPlace] = useState(occasion?.location ?? "");
  const [tried, setTried] = useState(false);
  const startsOk = LOCAL_DATE_TIME.test(starts);
  const minutesOk = /^\d{1,4}$/.test(minutes) && Number(minutes) >= 1 && Number(minutes) <= 1440;
  return (
    <form
      noValidate
      className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-4"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!startsOk || !minutesOk) return;
        onSave({ starts_at: zonedIso(starts, timeZone), duration_minutes: Number(minutes), location: place });
      }}
    >
      <TextField
        id={`${idPrefix}-starts`}
        label={t.occasions.starts}
        type="datetime-local"
        value={starts}
        onChange={(e) => setStarts(e.target.value)}
        error={tried && !startsOk ? t.common.invalid : undefined}
      />
      <TextField
        id={`${idPrefix}-minutes`}
        label={t.occasions.duration}
        inputMode="numeric"
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
        error={tried && !minutesOk ? t.common.invalid : undefined}
      />
      <TextField
        id={`${idPrefix}-place`}
        label={t.occasions.place}
        help={t.occasions.placeHelp}
        value={place}
        onChange={(e) => setPlace(e.target.value)}
      />
      <div className="flex flex-wrap items-start gap-2 pt-7">
        <button type="submit" className={buttonClass} disabled={busy}>
          {t.occasions.save}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          {t.common.cancel}
        </button>
      </div>
    </form>
  );
}
