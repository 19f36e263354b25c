"use client";
// The message as a recipient gets it (the saved sendout through the mail template, with a sample recipient), at the
// width of a desktop mail client (600 px) or a phone (390 px). The frame loads a route that sends its own policy (no
// scripts, inline styles allowed, its own sandbox) because a srcdoc frame would inherit this page's nonce policy,
// which refuses the inline styles every email is made of. The frame's sandbox attribute allows nothing either.
import { useState } from "react";
import { sendoutFromLine } from "@/lib/mail/sender";
import type { SendoutComposeMessages } from "@/modules/sendouts/texts/sendout-compose";
import { Panel } from "@/components/admin/ui/page-parts";
import type { SenderShape } from "./types";

const WIDTHS = { desktop: "w-[600px]", phone: "w-[390px]" } as const;
type Width = keyof typeof WIDTHS;

export function PreviewPanel({
  sendoutId,
  version,
  unsaved,
  fromName,
  sender,
  t,
}: {
  sendoutId: number;
  /** The saved sendout's sender's name (null: the organization's) and where its messages come from. */
  fromName: string | null;
  sender: SenderShape;
  /** The saved sendout's updated_at: a new one loads the frame anew. */
  version: string;
  /** The form holds changes the preview does not show yet. */
  unsaved: boolean;
  t: SendoutComposeMessages;
}) {
  const [width, setWidth] = useState<Width>("desktop");
  return (
    <Panel id="sendout-preview" title={t.preview.title} intro={unsaved ? t.preview.unsaved : t.preview.intro}>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">{t.preview.width}</legend>
        {(Object.keys(WIDTHS) as Width[]).map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm font-medium">
            <input
              type="radio"
              name="preview-width"
              value={option}
              checked={width === option}
              onChange={() => setWidth(option)}
              className="h-4 w-4 accent-blue-800"
            />
            {t.preview[option]}
          </label>
        ))}
      </fieldset>
      {/* The frame shows the message's body only; its sender is what an inbox shows first, so it is shown here. */}
      <p className="text-sm" data-testid="sendout-preview-from">
        <span className="font-medium text-slate-700">{t.preview.from}: </span>
        <span className="break-all">{sendoutFromLine(fromName, sender.organizationName, sender.address)}</span>
      </p>
      {/* Wider than a tablet's column at 600 px: the frame keeps its width and the box scrolls sideways. */}
      <div className="overflow-x-auto rounded-md border border-slate-300 bg-slate-100 p-2">
        <iframe
          key={version}
          src={`/admin/api/sendouts/${sendoutId}/preview`}
          sandbox=""
          title={t.preview.frameTitle}
          data-testid="sendout-preview-frame"
          className={`mx-auto block h-[640px] max-w-none border-0 bg-white ${WIDTHS[width]}`}
        />
      </div>
    </Panel>
  );
}
