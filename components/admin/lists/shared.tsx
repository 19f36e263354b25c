"use client";
// A copy button the list screens share (the data shapes and action props are in types.ts).
import { toast } from "sonner";
import { secondaryButtonClass } from "../ui/styles";

export function CopyButton({ text, label, done, failed }: { text: string; label: string; done: string; failed: string }) {
  return (
    <button
      type="button"
      className={secondaryButtonClass}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => toast.success(done),
          () => toast.error(failed),
        );
      }}
    >
      {label}
    </button>
  );
}
