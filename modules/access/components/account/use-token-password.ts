"use client";
// A form of a mailed link that sets a password (a password reset, a leader's invitation): the link's token travels in
// it, a refused token turns the page to "the link no longer works", any other refusal is a problem to show.
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/result";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { PasswordResetConfirmRequest } from "@/modules/access/schemas/staff-auth";

export type TokenPassword = z.input<typeof PasswordResetConfirmRequest>;
type Failure = Extract<ActionResult<unknown>, { ok: false }>;

export function useTokenPasswordForm<T>(
  token: string,
  action: (input: TokenPassword) => Promise<ActionResult<T>>,
  problemOf: (failure: Failure) => string,
) {
  const [state, setState] = useState<"form" | "done" | "invalid">("form");
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TokenPassword, unknown, z.output<typeof PasswordResetConfirmRequest>>({
    resolver: keyedZodResolver(PasswordResetConfirmRequest),
    defaultValues: { token, password: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    const result = await action(values);
    if (result.ok) setState("done");
    else if (result.fieldErrors.token) setState("invalid");
    else setProblem(problemOf(result));
  });
  return { state, problem, form, onSubmit };
}
