"use server";
// The signed-in staff member's own two-factor sign-in: set up (a new secret), confirm with a code (then the recovery
// codes, once), turn off with a code or the password. Every role, on its own account only (the service reads the
// caller's user id, never one from the form).
import { z } from "zod";
import { action } from "@/lib/actions/action";
import {
  confirmTwoFactorSetup,
  startTwoFactorSetup,
  turnOffTwoFactor,
} from "@/modules/access/services/staff-two-factor";
import { ConfirmTwoFactorRequest, DisableTwoFactorRequest } from "@/modules/access/schemas/staff-auth";

export const startTwoFactorAction = action({ auth: "session", input: z.object({}) }, async (_input, { caller }) =>
  startTwoFactorSetup(caller),
);

export const confirmTwoFactorAction = action(
  { auth: "session", input: ConfirmTwoFactorRequest },
  async (input, { caller }) => confirmTwoFactorSetup(caller, input.code),
);

export const turnOffTwoFactorAction = action(
  { auth: "session", input: DisableTwoFactorRequest },
  async (input, { caller }) => {
    await turnOffTwoFactor(caller, input);
    return { off: true as const };
  },
);
