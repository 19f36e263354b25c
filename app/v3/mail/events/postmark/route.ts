// POST /v3/mail/events/postmark: Postmark's bounce, spam-complaint and delivery webhooks
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/mail-events";
import { receiveMailEvent } from "@/modules/sendouts/services/mail-events";

export const POST = route(api.receivePostmarkEvent, async ({ credentials, body }) =>
  receiveMailEvent(credentials, body),
);
