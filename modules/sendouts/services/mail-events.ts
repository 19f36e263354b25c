// The mail provider's webhooks: who may post them, and what an event becomes (modules/sendouts/services/suppressions.ts applies
// the rules). The provider authenticates with HTTP Basic, the password being MAIL_EVENTS_SECRET; without that
// setting the endpoints answer 404, as if they did not exist, rather than accept events anyone could forge.
import "server-only";
import type { z } from "zod";
import { constantTimeEqual } from "@/lib/crypto";
import { env } from "@/lib/env";
import { NotFound, Unauthorized } from "@/lib/errors";
import type { MailEvent, MailEventResult } from "../schemas/mail-events";
import { recordMailEvent } from "./suppressions";

/** The user name is free (Postmark's webhook URL needs one); only the password is a secret. */
function authenticate(credentials: { clientSecret: string }): void {
  const secret = env().MAIL_EVENTS_SECRET;
  if (!secret) throw new NotFound("mail events are not configured");
  if (!constantTimeEqual(credentials.clientSecret, secret)) throw new Unauthorized("invalid credentials");
}

/** An event of the provider, already read into a MailEvent; null: one that changes nothing here. */
export async function receiveMailEvent(
  credentials: { clientSecret: string },
  event: MailEvent | null,
): Promise<z.output<typeof MailEventResult>> {
  authenticate(credentials);
  if (event) await recordMailEvent(event);
  return { ok: true, handled: event !== null };
}
