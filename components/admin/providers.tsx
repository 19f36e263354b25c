"use client";
// Client-side plumbing of the dashboard: one TanStack Query client per browser tab, the toast outlet, and the CSP
// nonce for the style tags Radix dialogs add (their scroll lock) so the strict policy lets them apply. That is the
// nonce of the document's policy, which its own scripts carry: the layout's prop is its request's, and a layout
// first rendered by a soft navigation (after signing in) or rendered again gets a nonce the document never knew.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { setNonce } from "get-nonce";
import { retryOnce } from "@/lib/client/fetch-json";
import { useState } from "react";
import { Toaster } from "sonner";
import "sonner/dist/styles.css";

export function AdminProviders({ nonce, children }: { nonce: string | null; children: React.ReactNode }) {
  const documentNonce =
    typeof document === "undefined"
      ? nonce
      : document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || nonce;
  if (documentNonce) setNonce(documentNonce);
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 15_000, retry: retryOnce, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      {children}
      {/* Default colours, not richColors: its success green fails the contrast check. */}
      <Toaster position="top-right" closeButton />
    </QueryClientProvider>
  );
}
