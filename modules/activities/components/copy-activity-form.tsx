"use client";
// Copying an activity to the next term from its page: the new term's first (and optionally last) day, a new name if
// wanted, and whether the enrolled participants come along. The copy's page opens once it is made. It sits in the
// page's panel "copy-activity", whose heading names it.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { TextField } from "@/components/ui/field";
import { failureText, showFieldErrors } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { buttonClass } from "@/components/admin/ui/styles";
import { unwrap, type ActionResult } from "@/lib/actions/result";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { fill } from "@/lib/i18n/fill";
import { CopyActivityForm as CopyActivityFormSchema, type CopyActivityFormValues } from "../schemas/copy";
import type { CopyActivityRequest } from "../schemas/copy";
import type { ActivityDetail } from "../schemas/activity";
import { copyActivityMessages } from "../texts/copy";

type CopiedActivity = z.output<typeof ActivityDetail>;
const FIELDS = ["name", "from_date", "to_date", "participants"] as const;

export function CopyActivityForm({
  activity,
  copyActivity,
  onCopied,
}: {
  activity: { id: number; name: string };
  /** The server action (app/admin/(dashboard)/activities/copy-action.ts). */
  copyActivity: (input: {
    id: number;
    copy: z.input<typeof CopyActivityRequest>;
  }) => Promise<ActionResult<CopiedActivity>>;
  /** What happens with the copy; by default its page opens. */
  onCopied?: (copy: CopiedActivity) => void;
}) {
  const lang = useLang();
  const t = copyActivityMessages(lang);
  const router = useRouter();
  const form = useForm<CopyActivityFormValues, unknown, z.output<typeof CopyActivityFormSchema>>({
    resolver: keyedZodResolver(CopyActivityFormSchema),
    defaultValues: { name: "", from_date: "", to_date: "", participants: "none" },
  });
  const { errors } = form.formState;
  const copy = useMutation({
    mutationFn: (values: z.output<typeof CopyActivityFormSchema>) =>
      unwrap(copyActivity({ id: activity.id, copy: values })),
    onSuccess: (copied) => {
      toast.success(fill(t.copy.copied, { name: copied.name, occasions: String(copied.occasion_count) }));
      if (onCopied) onCopied(copied);
      else router.push(`/admin/activities/${copied.id}`);
    },
    onError: (error) => {
      showFieldErrors(form.setError, error, FIELDS, () => t.common.invalid);
      toast.error(failureText(t.common, error));
    },
  });
  const errorText = (name: (typeof FIELDS)[number]) => {
    const error = errors[name];
    return error ? fieldErrorText(lang, name, error.type as string, error.message) : undefined;
  };
  const at = (name: "name" | "from_date" | "to_date") => ({
    id: `copy-activity-${name.replace("_", "-")}`,
    error: errorText(name),
    ...form.register(name),
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => copy.mutate(values))}
      className="grid gap-4 md:grid-cols-2"
      aria-labelledby="copy-activity-heading"
    >
      <TextField
        label={t.copy.name}
        help={t.copy.nameHelp}
        placeholder={activity.name}
        className="md:col-span-2"
        {...at("name")}
      />
      <TextField label={t.copy.fromDate} help={t.copy.fromDateHelp} type="date" {...at("from_date")} />
      <TextField label={t.copy.toDate} help={t.copy.toDateHelp} type="date" {...at("to_date")} />
      <fieldset className="md:col-span-2">
        <legend className="font-medium">{t.copy.participants}</legend>
        {(["none", "enrolled"] as const).map((value) => (
          <label key={value} className="mt-2 flex items-start gap-2">
            <input type="radio" value={value} className="mt-1" {...form.register("participants")} />
            <span>{t.copy[value]}</span>
          </label>
        ))}
      </fieldset>
      <div className="md:col-span-2">
        <button type="submit" className={buttonClass} disabled={copy.isPending}>
          {copy.isPending ? t.copy.copying : t.copy.submit}
        </button>
      </div>
    </form>
  );
}
