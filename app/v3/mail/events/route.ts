// POST /v3/mail/events: a delivery event in the generic shape (docs/api.md "Bounces and complaints")
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/mail-events";
import { receiveMailEvent } from "@/modules/sendouts/services/mail-events";

export const POST = route(api.receiveMailEvent, async ({ credentials, body }) => receiveMailEvent(credentials, body));
