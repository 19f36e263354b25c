"use client";
// A labelled group of checkboxes that scrolls when long, with a filter box once there are many choices (the member
// search's companies, properties and events).
import { useId, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { inputClass } from "@/components/admin/ui/styles";

const FILTER_FROM = 8;

export function ChoiceList({
  legend,
  filterLabel,
  choices,
  registration,
  footer,
}: {
  legend: string;
  filterLabel?: string;
  choices: { value: string; label: string }[];
  registration: UseFormRegisterReturn;
  footer?: React.ReactNode;
}) {
  const id = useId();
  const [filter, setFilter] = useState("");
  const needle = filter.trim().toLocaleLowerCase("sv");
  return (
    <fieldset>
      <legend className="font-medium">{legend}</legend>
      {filterLabel && choices.length >= FILTER_FROM && (
        <>
          <label htmlFor={`${id}-filter`} className="sr-only">
            {filterLabel}
          </label>
          <input
            id={`${id}-filter`}
            type="search"
            placeholder={filterLabel}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            className={`${inputClass} text-sm`}
          />
        </>
      )}
      <div className="mt-1 max-h-40 overflow-y-auto rounded-md border border-slate-200 p-2" tabIndex={-1}>
        {choices.map((choice) => (
          // Filtered-out choices stay in the form (hidden), so a ticked one is not lost while filtering.
          <label
            key={choice.value}
            className={`flex items-start gap-2 py-0.5 text-sm ${needle && !choice.label.toLocaleLowerCase("sv").includes(needle) ? "hidden" : ""}`}
          >
            <input type="checkbox" value={choice.value} {...registration} className="mt-0.5 h-4 w-4 shrink-0" />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {footer}
    </fieldset>
  );
}
