"use client";
// The sendout body's rich-text editor: Tiptap (ProseMirror) with the elements an email keeps (paragraphs, headings,
// bold, italic, lists, quotes, links, images by URL). It reads and writes HTML; the service sanitizes it again.
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect } from "react";
import type { SendoutComposeMessages } from "@/lib/i18n/admin/sendout-compose";
import { EditorToolbar } from "./editor-toolbar";

export function RichTextEditor({ id, value, onChange, onBlur, labelledBy, describedBy, invalid, t }: {
  id: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  t: SendoutComposeMessages["editor"];
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // h1 is the subject's place in the message; code has no place in a newsletter.
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: "https", protocols: ["mailto"] },
      }),
      Image.configure({ allowBase64: false }),
    ],
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
        class: "sendout-body min-h-64 px-4 py-3 focus:outline-none",
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  // A reset of the form (after a save) hands a new value: show it unless it is what the editor already holds.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== (editor.isEmpty ? "" : editor.getHTML())) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <div
      className={`mt-1 rounded-md border bg-white focus-within:ring-2 focus-within:ring-blue-700 ${invalid ? "border-red-700" : "border-slate-400"}`}
      data-testid="sendout-editor"
    >
      {editor && <EditorToolbar editor={editor} controls={id} t={t} />}
      <EditorContent editor={editor} />
    </div>
  );
}
