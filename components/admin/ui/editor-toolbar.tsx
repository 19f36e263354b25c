"use client";
// The editor's toolbar: marks and blocks as toggle buttons (aria-pressed tells which apply at the cursor), a link and
// an image by URL through a small dialog, undo and redo, and the menu of merge fields: those of `tools`.
import { useEditorState, type Editor } from "@tiptap/react";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import type { SendoutComposeMessages } from "@/modules/sendouts/texts/sendout-compose";
import type { EditorTools } from "./rich-text-editor";
import { UrlDialog } from "./url-dialog";

const toolClass =
  "inline-flex h-9 min-w-9 items-center justify-center rounded px-2 text-sm font-semibold text-slate-900 hover:bg-slate-200 " +
  "focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 disabled:opacity-40 aria-pressed:bg-blue-100 aria-pressed:text-blue-950";

export function EditorToolbar({
  editor,
  controls,
  tools,
  t,
}: {
  editor: Editor;
  controls: string;
  tools: EditorTools;
  t: SendoutComposeMessages["editor"];
}) {
  const [dialog, setDialog] = useState<"link" | "image" | null>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      blockquote: e.isActive("blockquote"),
      link: e.isActive("link"),
      href: (e.getAttributes("link").href as string | undefined) ?? "",
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  // A click on a tool leaves the focus (and the selection) in the editor, so typing goes on where it was; keyboard
  // users reach the tools with Tab and the command puts the focus back.
  const keepFocus = (event: React.MouseEvent) => event.preventDefault();
  const toggles = [
    { label: t.bold, glyph: "B", pressed: state.bold, run: () => chain().toggleBold().run() },
    { label: t.italic, glyph: "I", pressed: state.italic, run: () => chain().toggleItalic().run() },
    {
      level: 2,
      label: t.heading2,
      glyph: "H2",
      pressed: state.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      level: 3,
      label: t.heading3,
      glyph: "H3",
      pressed: state.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    { label: t.bulletList, glyph: "•", pressed: state.bulletList, run: () => chain().toggleBulletList().run() },
    { label: t.orderedList, glyph: "1.", pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
    { label: t.quote, glyph: "❝", pressed: state.blockquote, run: () => chain().toggleBlockquote().run() },
  ];
  const mergeFields = [
    { label: t.mergeFirstname, field: `{{firstname|${t.mergeFallback}}}` },
    { label: t.mergeLastname, field: "{{lastname}}" },
    { label: t.mergeEmail, field: "{{email}}" },
  ];

  return (
    <div
      role="toolbar"
      aria-label={t.toolbar}
      aria-controls={controls}
      className="flex flex-wrap items-center gap-1 border-b border-slate-300 bg-slate-50 p-1"
    >
      {toggles
        .filter((tool) => !("level" in tool) || tools.headings.includes(tool.level as 2 | 3))
        .map((tool) => (
          <button
            key={tool.label}
            type="button"
            className={toolClass}
            aria-label={tool.label}
            title={tool.label}
            aria-pressed={tool.pressed}
            onMouseDown={keepFocus}
            onClick={tool.run}
          >
            <span aria-hidden="true" className={tool.glyph === "I" ? "italic" : undefined}>
              {tool.glyph}
            </span>
          </button>
        ))}
      <span aria-hidden="true" className="mx-1 h-6 w-px bg-slate-300" />
      <button type="button" className={toolClass} aria-pressed={state.link} onClick={() => setDialog("link")}>
        {t.link}
      </button>
      {tools.images && (
        <button type="button" className={toolClass} onClick={() => setDialog("image")}>
          {t.image}
        </button>
      )}
      {tools.mergeFields && (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className={toolClass}>
            {t.mergeFields}
            <span aria-hidden="true" className="ml-1">
              ▾
            </span>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="start"
              sideOffset={4}
              // Back to the editor where the field went, not to the menu's button: typing goes on after the field.
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                editor.commands.focus();
              }}
              className="z-50 min-w-56 rounded-md border border-slate-300 bg-white p-1 shadow-lg"
            >
              {mergeFields.map((item) => (
                <DropdownMenu.Item
                  key={item.field}
                  className="cursor-pointer rounded px-3 py-2 text-sm text-slate-900 outline-none data-[highlighted]:bg-blue-100"
                  onSelect={() => chain().insertContent(item.field).run()}
                >
                  {item.label} <code className="ml-1 text-xs text-slate-700">{item.field}</code>
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
      <span aria-hidden="true" className="mx-1 h-6 w-px bg-slate-300" />
      <button
        type="button"
        className={toolClass}
        aria-label={t.undo}
        title={t.undo}
        disabled={!state.canUndo}
        onMouseDown={keepFocus}
        onClick={() => chain().undo().run()}
      >
        <span aria-hidden="true">↶</span>
      </button>
      <button
        type="button"
        className={toolClass}
        aria-label={t.redo}
        title={t.redo}
        disabled={!state.canRedo}
        onMouseDown={keepFocus}
        onClick={() => chain().redo().run()}
      >
        <span aria-hidden="true">↷</span>
      </button>
      <UrlDialog
        open={dialog === "link"}
        onOpenChange={(open) => setDialog(open ? "link" : null)}
        title={t.linkTitle}
        initialUrl={state.href}
        t={t}
        onRemove={state.link ? () => chain().extendMarkRange("link").unsetLink().run() : undefined}
        onSubmit={({ url }) => chain().extendMarkRange("link").setLink({ href: url }).run()}
      />
      <UrlDialog
        open={dialog === "image"}
        onOpenChange={(open) => setDialog(open ? "image" : null)}
        title={t.imageTitle}
        initialUrl=""
        withAlt
        t={t}
        onSubmit={({ url, alt }) => chain().setImage({ src: url, alt }).run()}
      />
    </div>
  );
}
