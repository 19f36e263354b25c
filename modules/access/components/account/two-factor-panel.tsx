"use client";
// Two-factor sign-in on the account page: off → a new secret as a QR code and as text, confirmed by one code from the
// app → the recovery codes, shown once in a dialog that only "I have saved the codes" closes (copy, download); on →
// turned off with a code or the password.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/result";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { accountMessages } from "@/modules/access/texts/account";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { ConfirmTwoFactorRequest, DisableTwoFactorRequest } from "@/modules/access/schemas/staff-auth";
import { TextField } from "@/components/ui/field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { useLang } from "@/components/admin/i18n-context";
import { OneTimeSecretDialog } from "@/components/admin/ui/one-time-secret-dialog";
import { Panel } from "@/components/admin/ui/page-parts";
import { SecretValue } from "@/components/admin/ui/secret-value";
import { buttonClass, dangerButtonClass, secondaryButtonClass } from "@/components/admin/ui/styles";

type Messages = ReturnType<typeof accountMessages>["account"]["twoFactor"];

interface Actions {
  start: (input: Record<string, never>) => Promise<ActionResult<{ secret: string; qr: string }>>;
  confirm: (input: z.input<typeof ConfirmTwoFactorRequest>) => Promise<ActionResult<{ recoveryCodes: string[] }>>;
  turnOff: (input: z.input<typeof DisableTwoFactorRequest>) => Promise<ActionResult<{ off: true }>>;
}

export function TwoFactorPanel({
  status,
  email,
  actions,
}: {
  status: { enabledAt: string | null; codesLeft: string };
  email: string;
  actions: Actions;
}) {
  const t = accountMessages(useLang()).account.twoFactor;
  const router = useRouter();
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    const result = await actions.start({});
    setStarting(false);
    if (result.ok) setSetup(result.data);
    else toast.error(t.failed);
  };

  return (
    <Panel id="two-factor" title={t.heading} intro={t.about}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="two-factor-status">
        <dt className="font-medium">{t.status}</dt>
        <dd>{status.enabledAt ? <span className="font-medium text-green-800">{t.on}</span> : t.off}</dd>
        {status.enabledAt && (
          <>
            <dt className="font-medium">{t.since}</dt>
            <dd>{status.enabledAt}</dd>
            <dt className="font-medium">{t.codesLeft}</dt>
            <dd>{status.codesLeft}</dd>
          </>
        )}
      </dl>
      {status.enabledAt ? (
        <TurnOffForm t={t} turnOff={actions.turnOff} onDone={() => router.refresh()} />
      ) : setup ? (
        <SetupForm
          t={t}
          setup={setup}
          confirm={actions.confirm}
          onCancel={() => setSetup(null)}
          onDone={(recoveryCodes) => setCodes(recoveryCodes)}
        />
      ) : (
        <button type="button" className={buttonClass} disabled={starting} onClick={() => void start()}>
          {starting ? t.starting : t.turnOn}
        </button>
      )}
      <OneTimeSecretDialog
        open={codes !== null}
        title={t.codesTitle}
        warning={t.codesWarning}
        storedLabel={t.stored}
        testId="recovery-codes-dialog"
        onClose={() => {
          setCodes(null);
          setSetup(null);
          toast.success(t.enabled);
          router.refresh();
        }}
      >
        {codes && <RecoveryCodes t={t} codes={codes} email={email} />}
      </OneTimeSecretDialog>
    </Panel>
  );
}

function SetupForm({
  t,
  setup,
  confirm,
  onCancel,
  onDone,
}: {
  t: Messages;
  setup: { secret: string; qr: string };
  confirm: Actions["confirm"];
  onCancel: () => void;
  onDone: (codes: string[]) => void;
}) {
  const lang = useLang();
  const form = useForm<z.input<typeof ConfirmTwoFactorRequest>, unknown, z.output<typeof ConfirmTwoFactorRequest>>({
    resolver: keyedZodResolver(ConfirmTwoFactorRequest),
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await confirm(values);
    if (result.ok) onDone(result.data.recoveryCodes);
    else form.setError("code", { type: "business", message: result.status === 400 ? t.wrongCode : t.failed });
  });
  const codeError =
    errors.code &&
    (errors.code.type === "business"
      ? errors.code.message
      : (fieldErrorText(lang, "code", errors.code.type, errors.code.message) ?? t.wrongCode));
  return (
    <div className="space-y-4 border-t border-slate-200 pt-4" data-testid="two-factor-setup">
      <h3 className="font-semibold">{t.setupHeading}</h3>
      <p>{t.step1}</p>
      <div className="flex flex-wrap items-start gap-4">
        {/* A data: URL of a PNG made on the server (img-src allows data:); nothing is fetched from elsewhere. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={setup.qr} alt={t.qrAlt} width={232} height={232} className="rounded-md border border-slate-300" />
        <div className="min-w-0 flex-1">
          <SecretValue label={t.secret} value={setup.secret} testId="two-factor-secret" />
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <p>{t.step2}</p>
        <TextField
          id="totp-code"
          label={t.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          error={codeError}
          {...form.register("code")}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass} disabled={isSubmitting}>
            {isSubmitting ? t.confirming : t.confirm}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            {t.cancel}
          </button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ t, codes, email }: { t: Messages; codes: string[]; email: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast.success(t.copied);
    } catch {
      toast.error(t.copyFailed);
    }
  };
  const download = () => {
    const text = [`${t.fileHeading} (${email})`, "", ...codes, ""].join("\n");
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-3">
      <p className="font-medium" id="recovery-codes-label">
        {t.codesLabel}
      </p>
      <ol
        aria-labelledby="recovery-codes-label"
        data-testid="recovery-codes"
        className="grid grid-cols-1 gap-2 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="select-all rounded-md border border-slate-300 bg-slate-50 px-3 py-2">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButtonClass} onClick={() => void copy()}>
          {t.copyAll}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={download}>
          {t.download}
        </button>
      </div>
    </div>
  );
}

function TurnOffForm({ t, turnOff, onDone }: { t: Messages; turnOff: Actions["turnOff"]; onDone: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<z.input<typeof DisableTwoFactorRequest>>({ defaultValues: { code: "", password: "" } });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    const result = await turnOff({ code: values.code || undefined, password: values.password || undefined });
    if (result.ok) {
      toast.success(t.turnedOff);
      onDone();
    } else setProblem(result.status === 400 ? t.wrongProof : result.status === 429 ? t.tooMany : t.failed);
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-3 border-t border-slate-200 pt-4"
      aria-labelledby="two-factor-off-heading"
    >
      <h3 id="two-factor-off-heading" className="font-semibold">
        {t.offHeading}
      </h3>
      <p className="text-sm text-slate-700">{t.offIntro}</p>
      {problem && <ProblemAlert>{problem}</ProblemAlert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id="off-code" label={t.offCode} autoComplete="one-time-code" {...form.register("code")} />
        <TextField
          id="off-password"
          label={t.offPassword}
          type="password"
          autoComplete="current-password"
          {...form.register("password")}
        />
      </div>
      <button type="submit" className={dangerButtonClass} disabled={isSubmitting}>
        {isSubmitting ? t.turningOff : t.turnOff}
      </button>
    </form>
  );
}
