// Class names of the dashboard's controls, so every screen looks and focuses alike (inputs: components/ui/field.tsx).
export { inputClass } from "../../ui/field";

export const buttonClass =
  "inline-flex items-center justify-center rounded-md bg-blue-800 px-4 py-2 text-sm font-semibold text-white " +
  "hover:bg-blue-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2 " +
  "disabled:cursor-not-allowed disabled:opacity-60";

export const secondaryButtonClass =
  "inline-flex items-center justify-center rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-medium " +
  "text-slate-900 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 disabled:opacity-60";

export const dangerButtonClass =
  "inline-flex items-center justify-center rounded-md bg-red-800 px-4 py-2 text-sm font-semibold text-white " +
  "hover:bg-red-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700 focus-visible:ring-offset-2 disabled:opacity-60";

export const tableClass = "w-full border-collapse text-left text-sm";
export const thClass = "border-b border-slate-300 bg-slate-100 px-3 py-2 font-semibold text-slate-800";
export const tdClass = "border-b border-slate-200 px-3 py-2 align-top";
