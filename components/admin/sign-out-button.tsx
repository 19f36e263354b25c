"use client";
import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";

export function SignOutButton({ label }: { label: string }) {
  const router = useRouter();
  return (
    <button
      type="button"
      onClick={async () => {
        // No redirect from next-auth: its URLs are built from NEXTAUTH_URL, which may name another host than the one in use.
        await signOut({ redirect: false });
        router.replace("/admin/login?signedOut=1");
        router.refresh();
      }}
      className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
    >
      {label}
    </button>
  );
}
