"use client";
// The sendout body's rich-text editor: Tiptap (ProseMirror) with the elements an email keeps (paragraphs, headings,
// bold, italic, lists, quotes, links, images by URL). It reads and writes HTML; the service sanitizes it again. The
// list editor's consent text and welcome message use it too, with the tools their sanitizer keeps (CONSENT_TOOLS).
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect } from "react";
import type { SendoutComposeMessages } from "@/modules/sendouts/texts/sendout-compose";
import { EditorToolbar } from "./editor-toolbar";

/** What the editor offers: heading levels, images by URL, the merge-field menu. */
export interface EditorTools {
  headings: (2 | 3)[];
  images: boolean;
  mergeFields: boolean;
}

/** A sendout: h1 is the subject's place in the message; merge fields are filled per recipient. */
const SENDOUT_TOOLS: EditorTools = { headings: [2, 3], images: true, mergeFields: true };

/** A consent text or welcome message: what lib/sanitize.ts's consent rules keep (no h2, no images), no merge fields. */
export const CONSENT_TOOLS: EditorTools = { headings: [3], images: false, mergeFields: false };

export function RichTextEditor({
  id,
  value,
  onChange,
  onBlur,
  labelledBy,
  describedBy,
  invalid,
  editable = true,
  tools = SENDOUT_TOOLS,
  testId = "sendout-editor",
  t,
}: {
  id: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  /** False: read only (a reader's view of the list editor). */
  editable?: boolean;
  tools?: EditorTools;
  testId?: string;
  t: SendoutComposeMessages["editor"];
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // Code has no place in a newsletter or a consent text.
        heading: { levels: tools.headings },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: "https", protocols: ["mailto"] },
      }),
      ...(tools.images ? [Image.configure({ allowBase64: false })] : []),
    ],
    editable,
    content: value,
    // Tiptap would add a <style> element without our CSP nonce, which the policy refuses; its rules are in
    // app/globals.css instead (".ProseMirror …").
    injectCSS: false,
    // The page is rendered on the server first: the editor exists only in the browser.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        ...(editable ? {} : { "aria-readonly": "true" }),
        class: "sendout-body min-h-64 px-4 py-3 focus:outline-none",
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(editable);
  }, [editor, editable]);

  // A reset of the form (after a save) hands a new value: show it unless it is what the editor already holds.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== (editor.isEmpty ? "" : editor.getHTML())) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <div
      className={`mt-1 rounded-md border bg-white focus-within:ring-2 focus-within:ring-blue-700 ${invalid ? "border-red-700" : "border-slate-400"}`}
      data-testid={testId}
    >
      {editor && editable && <EditorToolbar editor={editor} controls={id} tools={tools} t={t} />}
      <EditorContent editor={editor} />
    </div>
  );
}
