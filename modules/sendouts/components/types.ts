// Shapes the sendout screens read and the server actions they call (passed down from the pages).
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/result";
import type {
  CreateSendoutRequest,
  SendoutReach,
  SendoutViewShape,
  UpdateSendoutRequest,
} from "@/modules/sendouts/schemas/sendout";

export type SendoutRow = SendoutViewShape;

/** Who the sendout's messages are from: the organization's name (when the sendout names none) and MAIL_FROM's address. */
export interface SenderShape {
  organizationName: string;
  address: string;
}

/** A list the composer offers, of the sendout's company. */
export interface ListChoice {
  id: number;
  name: string;
}

/** An activity the composer offers, of the sendout's company: its participants' contacts receive the sendout. */
export interface ActivityChoice {
  id: number;
  name: string;
}

type ById<T = SendoutRow> = (input: { id: number }) => Promise<ActionResult<T>>;

export interface SendoutActions {
  createSendout: (input: z.input<typeof CreateSendoutRequest>) => Promise<ActionResult<SendoutRow>>;
  updateSendout: (input: {
    id: number;
    sendout: z.input<typeof UpdateSendoutRequest>;
  }) => Promise<ActionResult<SendoutRow>>;
  sendTest: (input: { id: number; email: string }) => Promise<ActionResult<unknown>>;
  sendSendout: (input: { id: number; send_at?: string }) => Promise<ActionResult<SendoutRow>>;
  pauseSendout: ById;
  resumeSendout: ById;
  cancelSendout: ById;
}

/** Who a sendout to the chosen lists would reach now (the service's count). */
export type SendoutReachShape = z.output<typeof SendoutReach>;
