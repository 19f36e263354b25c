"use client";
// Lifting a suppression (a note is required: the service records it in the audit log) and suppressing an address by
// hand, each a small form in a dialog over the shared schemas.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { TextAreaField, TextField } from "@/components/ui/field";
import { unwrap, type ActionResult } from "@/lib/actions/result";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import type { SuppressionsMessages } from "@/modules/sendouts/texts/suppressions";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { fill } from "@/lib/i18n/fill";
import { queryKeys } from "@/lib/query-keys";
import { LiftSuppressionRequest, SuppressAddressRequest } from "@/modules/sendouts/schemas/suppression";
import { failureText, showFieldErrors } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { Modal } from "@/components/admin/ui/modal";
import { buttonClass, dangerButtonClass, secondaryButtonClass } from "@/components/admin/ui/styles";

const AddForm = SuppressAddressRequest.omit({ company_id: true });
type LiftValues = z.input<typeof LiftSuppressionRequest>;
type AddValues = z.input<typeof AddForm>;

export interface SuppressionActions {
  liftSuppression: (input: { id: number; note: string }) => Promise<ActionResult<unknown>>;
  suppressAddress: (input: { company_id: string; email: string; note: string }) => Promise<ActionResult<unknown>>;
}

/** A dialog's form: what it saves, its toast, closing and refreshing the table once it is done. */
function useDialogMutation<V>(
  run: (values: V) => Promise<ActionResult<unknown>>,
  done: string,
  close: () => void,
  t: SuppressionsMessages,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: V) => unwrap(run(values)),
    onSuccess: () => {
      toast.success(done);
      void queryClient.invalidateQueries({ queryKey: queryKeys.suppressions.all });
      close();
    },
    onError: (error) => toast.error(failureText(t.common, error)),
  });
}

export function LiftDialog({
  target,
  onClose,
  lift,
  t,
}: {
  target: { id: number; email: string } | null;
  onClose: () => void;
  lift: SuppressionActions["liftSuppression"];
  t: SuppressionsMessages;
}) {
  const lang = useLang();
  const form = useForm<LiftValues>({ resolver: keyedZodResolver(LiftSuppressionRequest), defaultValues: { note: "" } });
  const close = () => {
    form.reset();
    onClose();
  };
  const email = target?.email ?? "";
  const save = useDialogMutation(
    (values: LiftValues) => lift({ id: target!.id, note: values.note }),
    fill(t.lifted, { email }),
    close,
    t,
  );
  const noteError = form.formState.errors.note;
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      title={fill(t.liftTitle, { email })}
      description={t.liftBody}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((values) =>
          save.mutate(values, { onError: (e) => showFieldErrors(form.setError, e, ["note"]) }),
        )}
      >
        <TextAreaField
          id="lift-note"
          label={t.note}
          rows={3}
          error={
            noteError
              ? noteError.type === "required"
                ? t.noteRequired
                : fieldErrorText(lang, "note", noteError.type as string, noteError.message)
              : undefined
          }
          {...form.register("note")}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={secondaryButtonClass} onClick={close}>
            {t.common.cancel}
          </button>
          <button type="submit" className={dangerButtonClass} disabled={save.isPending}>
            {t.lift}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function AddDialog({
  open,
  companyId,
  onClose,
  suppress,
  t,
}: {
  open: boolean;
  companyId: string;
  onClose: () => void;
  suppress: SuppressionActions["suppressAddress"];
  t: SuppressionsMessages;
}) {
  const lang = useLang();
  const form = useForm<AddValues, unknown, z.output<typeof AddForm>>({
    resolver: keyedZodResolver(AddForm),
    defaultValues: { email: "", note: "" },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const save = useDialogMutation(
    (values: z.output<typeof AddForm>) => suppress({ company_id: companyId, ...values }),
    fill(t.added, { email: form.getValues("email").trim() }),
    close,
    t,
  );
  const { errors } = form.formState;
  const errorText = (name: keyof AddValues) => {
    const error = errors[name];
    if (!error) return undefined;
    if (name === "note" && error.type === "required") return t.noteRequired;
    return fieldErrorText(lang, name, error.type as string, error.message);
  };
  return (
    <Modal open={open} onOpenChange={(next) => !next && close()} title={t.addTitle} description={t.addIntro}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((values) =>
          save.mutate(values, { onError: (e) => showFieldErrors(form.setError, e, ["email", "note"]) }),
        )}
      >
        <TextField
          id="suppress-email"
          label={t.email}
          type="email"
          error={errorText("email")}
          {...form.register("email")}
        />
        <TextAreaField
          id="suppress-note"
          label={t.note}
          rows={3}
          error={errorText("note")}
          {...form.register("note")}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={secondaryButtonClass} onClick={close}>
            {t.common.cancel}
          </button>
          <button type="submit" className={buttonClass} disabled={save.isPending}>
            {t.addConfirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
