"use client";
// The editor's small form for a link (https or mailto) or an image by URL (https, with its alternative text): a
// recipient's mail client must be able to fetch the image, so only a public https address is taken.
import { useState } from "react";
import { TextField } from "@/components/ui/field";
import type { SendoutComposeMessages } from "@/modules/sendouts/texts/sendout-compose";
import { Modal } from "./modal";
import { buttonClass, secondaryButtonClass } from "./styles";

function acceptedUrl(value: string, image: boolean): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || (!image && url.protocol === "mailto:" && url.pathname.includes("@"));
  } catch {
    return false;
  }
}

export function UrlDialog({
  open,
  onOpenChange,
  title,
  initialUrl,
  withAlt = false,
  onSubmit,
  onRemove,
  t,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  initialUrl: string;
  /** An image: its alternative text is asked too. */
  withAlt?: boolean;
  onSubmit: (value: { url: string; alt: string }) => void;
  /** Given while the cursor is on a link: take it away. */
  onRemove?: () => void;
  t: SendoutComposeMessages["editor"];
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title}>
      {/* Mounted anew each time it opens, so it starts from the link under the cursor. */}
      {open && (
        <UrlForm
          initialUrl={initialUrl}
          withAlt={withAlt}
          t={t}
          onRemove={onRemove}
          close={() => onOpenChange(false)}
          onSubmit={onSubmit}
        />
      )}
    </Modal>
  );
}

function UrlForm({
  initialUrl,
  withAlt,
  onSubmit,
  onRemove,
  close,
  t,
}: {
  initialUrl: string;
  withAlt: boolean;
  onSubmit: (value: { url: string; alt: string }) => void;
  onRemove?: () => void;
  close: () => void;
  t: SendoutComposeMessages["editor"];
}) {
  const [url, setUrl] = useState(initialUrl);
  const [alt, setAlt] = useState("");
  const [errors, setErrors] = useState<{ url?: string; alt?: string }>({});
  const submit = (event: React.FormEvent) => {
    // The dialog sits inside the sendout form in the page's tree: keep its submit from saving the sendout.
    event.preventDefault();
    event.stopPropagation();
    const found = {
      url: acceptedUrl(url.trim(), withAlt) ? undefined : withAlt ? t.imageUrlInvalid : t.linkUrlInvalid,
      alt: withAlt && !alt.trim() ? t.altRequired : undefined,
    };
    setErrors(found);
    if (found.url || found.alt) return;
    onSubmit({ url: url.trim(), alt: alt.trim() });
    close();
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        id="editor-url"
        label={withAlt ? t.imageUrl : t.linkUrl}
        help={withAlt ? t.imageUrlHelp : t.linkUrlHelp}
        type="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url}
        autoFocus
      />
      {withAlt && (
        <TextField
          id="editor-alt"
          label={t.altText}
          help={t.altHelp}
          value={alt}
          onChange={(e) => setAlt(e.target.value)}
          error={errors.alt}
        />
      )}
      <div className="flex flex-wrap justify-end gap-3">
        {onRemove && (
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => {
              onRemove();
              close();
            }}
          >
            {t.removeLink}
          </button>
        )}
        <button type="button" className={secondaryButtonClass} onClick={close}>
          {t.cancel}
        </button>
        <button type="submit" className={buttonClass}>
          {withAlt ? t.insertImage : t.applyLink}
        </button>
      </div>
    </form>
  );
}
