"use client";
// Asks before a page with unsaved changes is left: the browser's own question on reload, close or an address typed,
// and a confirm before a click on one of the dashboard's links (the app router has no event to stop a navigation by).
import { useEffect } from "react";

export function useUnsavedChanges(dirty: boolean, question: string) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || event.defaultPrevented) return;
      if (new URL(link.href, location.href).origin !== location.origin) return;
      if (!window.confirm(question)) {
        event.preventDefault();
        // Capture phase: Next's Link handler on the anchor must not run either.
        event.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty, question]);
}
