// The dashboard session as a Caller. Every dashboard page, data route and server action starts here.
import "server-only";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { notFound, redirect } from "next/navigation";
import { Forbidden, NotFound } from "../errors";
import type { Caller } from "@/modules/access/services/caller";
import { callerForAdminUser } from "@/modules/access/services/admin-users";
import { authOptions } from "./options";

/**
 * The signed-in, active admin user's Caller, or null. Read once per request: the layout and the page of one render
 * share it (React's cache; in route handlers and server actions it runs once anyway).
 */
export const sessionCaller = cache(async (): Promise<Caller | null> => {
  const session = (await getServerSession(authOptions())) as { uid?: number | null } | null;
  if (typeof session?.uid !== "number") return null;
  return callerForAdminUser(session.uid);
});

/** For dashboard pages: the Caller, or a redirect to the sign-in page. */
export async function requirePageCaller(): Promise<Caller> {
  const caller = await sessionCaller();
  if (!caller) redirect("/admin/login");
  return caller;
}

/**
 * For a dashboard page of one object: the object, or the not-found page when it does not exist or lies outside the
 * caller's scope (the page never tells the two apart; the data routes answer 404 and 403 like the API).
 */
export async function readOrNotFound<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof NotFound || error instanceof Forbidden) notFound();
    throw error;
  }
}
