import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: "Förening service",
  description: "Company register, leisure-card enrollment and subscription lists",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="sv">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
