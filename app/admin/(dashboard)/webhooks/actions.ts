"use server";
// The webhooks screen's writes, behind what the service asks (the webhook module, WEBHOOK.U): the same services as
// /v3/webhook. Creating and rotating answer the signing secret, which the screen shows once.
import { z } from "zod";
import { action } from "@/lib/actions/action";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  redeliverWebhook,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
} from "@/modules/webhooks/services/webhooks";
import { IntId } from "@/lib/validation/common";
import { CreateWebhookEndpointRequest, UpdateWebhookEndpointRequest } from "@/modules/webhooks/schemas/webhooks";

const write = { auth: "session", module: "webhook", permission: "WEBHOOK.U" } as const;
const Endpoint = z.object({ id: IntId });

export const createWebhookAction = action(
  { ...write, input: CreateWebhookEndpointRequest },
  async (input, { caller }) => createWebhookEndpoint(caller, input),
);

export const updateWebhookAction = action(
  { ...write, input: UpdateWebhookEndpointRequest.extend({ id: IntId }) },
  async ({ id, ...changes }, { caller }) => updateWebhookEndpoint(caller, id, changes),
);

export const deleteWebhookAction = action({ ...write, input: Endpoint }, async ({ id }, { caller }) =>
  deleteWebhookEndpoint(caller, id),
);

export const rotateWebhookSecretAction = action({ ...write, input: Endpoint }, async ({ id }, { caller }) =>
  rotateWebhookSecret(caller, id),
);

export const sendWebhookTestAction = action({ ...write, input: Endpoint }, async ({ id }, { caller }) =>
  sendWebhookTest(caller, id),
);

export const redeliverWebhookAction = action(
  { ...write, input: Endpoint.extend({ delivery_id: IntId }) },
  async ({ id, delivery_id }, { caller }) => redeliverWebhook(caller, id, delivery_id),
);
