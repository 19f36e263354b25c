// What the webhooks screen's parts share: the row shapes (inferred from the API's schemas) and the server actions the
// page hands down.
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/result";
import type {
  CreatedWebhookEndpoint,
  CreateWebhookEndpointRequest,
  RotatedWebhookSecret,
  UpdateWebhookEndpointRequest,
  WebhookDeliveryView,
  WebhookEndpointView,
} from "@/modules/webhooks/schemas/webhooks";

export type Endpoint = z.output<typeof WebhookEndpointView>;
export type Delivery = z.output<typeof WebhookDeliveryView>;

export interface WebhookActions {
  create: (
    input: z.input<typeof CreateWebhookEndpointRequest>,
  ) => Promise<ActionResult<z.output<typeof CreatedWebhookEndpoint>>>;
  update: (input: z.input<typeof UpdateWebhookEndpointRequest> & { id: number }) => Promise<ActionResult<Endpoint>>;
  remove: (input: { id: number }) => Promise<ActionResult<unknown>>;
  rotateSecret: (input: { id: number }) => Promise<ActionResult<z.output<typeof RotatedWebhookSecret>>>;
  sendTest: (input: { id: number }) => Promise<ActionResult<Delivery>>;
  redeliver: (input: { id: number; delivery_id: number }) => Promise<ActionResult<Delivery>>;
}
