"use client";
// The dashboard's language for client components, set once by the layout.
import { createContext, useContext } from "react";
import type { Lang } from "@/lib/i18n/lang";

const LangContext = createContext<Lang>("sv");

export function LangProvider({ lang, children }: { lang: Lang; children: React.ReactNode }) {
  return <LangContext.Provider value={lang}>{children}</LangContext.Provider>;
}

export function useLang(): Lang {
  return useContext(LangContext);
}
