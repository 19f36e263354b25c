// The composer's form over the shared sendout schema: the same rules for each field as the API and the server action,
// with the optional texts typed as strings in the form and sent as null when left empty.
import { z } from "zod";
import {
  CreateSendoutRequest,
  NO_RECIPIENTS,
  someRecipients,
  type SendoutViewShape,
} from "@/modules/sendouts/schemas/sendout";

const shape = CreateSendoutRequest.shape;
const blankAsNull = (value: string) => value.trim() || null;

export const SendoutForm = z
  .object({
    list_ids: shape.list_ids,
    activity_ids: shape.activity_ids.unwrap(),
    subject: shape.subject,
    preheader: z.string().transform(blankAsNull).pipe(shape.preheader.unwrap()),
    from_name: z.string().transform(blankAsNull).pipe(shape.from_name.unwrap()),
    reply_to: z.string().transform(blankAsNull).pipe(shape.reply_to.unwrap()),
    html: shape.html,
  })
  .refine(someRecipients, { error: NO_RECIPIENTS, path: ["list_ids"], when: () => true });
export type SendoutFormValues = z.input<typeof SendoutForm>;
export type SendoutBody = z.output<typeof SendoutForm>;

/** The fields a server answer's field errors may name, all of them the form's own. */
export const SENDOUT_FIELDS = Object.keys(SendoutForm.shape) as (keyof SendoutFormValues)[];

/** The form's start: the sendout's values, or a new one's (to `activityIds` when it was opened from an activity). */
export function formValuesOf(sendout: SendoutViewShape | null, activityIds: number[] = []): SendoutFormValues {
  return {
    list_ids: sendout?.list_ids ?? [],
    activity_ids: sendout?.activity_ids ?? activityIds,
    subject: sendout?.subject ?? "",
    preheader: sendout?.preheader ?? "",
    from_name: sendout?.from_name ?? "",
    reply_to: sendout?.reply_to ?? "",
    html: sendout?.html ?? "",
  };
}
