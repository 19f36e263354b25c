"use server";
// The sendout screens' writes (sendout module, SENDOUT.U): the same services as /v3/sendout.
import { z } from "zod";
import { action } from "@/lib/actions/action";
import { cancelSendout, pauseSendout, resumeSendout, sendSendout } from "@/modules/sendouts/services/states";
import { sendTestCopy } from "@/modules/sendouts/services/test-copy";
import { createSendout, updateSendout } from "@/modules/sendouts/services/sendouts";
import { IntId } from "@/lib/validation/common";
import {
  CreateSendoutRequest,
  SendSendoutRequest,
  TestSendoutRequest,
  UpdateSendoutRequest,
} from "@/modules/sendouts/schemas/sendout";

const write = { auth: "session", module: "sendout", permission: "SENDOUT.U" } as const;
const ById = z.object({ id: IntId });

export const createSendoutAction = action({ ...write, input: CreateSendoutRequest }, async (input, { caller }) =>
  createSendout(caller, input),
);

export const updateSendoutAction = action(
  { ...write, input: z.object({ id: IntId, sendout: UpdateSendoutRequest }) },
  async ({ id, sendout }, { caller }) => updateSendout(caller, id, sendout),
);

export const sendTestAction = action(
  { ...write, input: TestSendoutRequest.extend({ id: IntId }) },
  async ({ id, email }, { caller }) => sendTestCopy(caller, id, email),
);

export const sendSendoutAction = action(
  { ...write, input: SendSendoutRequest.extend({ id: IntId }) },
  async ({ id, send_at }, { caller }) => sendSendout(caller, id, { send_at }),
);

export const pauseSendoutAction = action({ ...write, input: ById }, async ({ id }, { caller }) =>
  pauseSendout(caller, id),
);

export const resumeSendoutAction = action({ ...write, input: ById }, async ({ id }, { caller }) =>
  resumeSendout(caller, id),
);

export const cancelSendoutAction = action({ ...write, input: ById }, async ({ id }, { caller }) =>
  cancelSendout(caller, id),
);
