"use server";
// The admin user screen's writes: create, and change role / access / active state. ADMIN only; the service refuses
// changes to the caller's own account and grants beyond the caller's own access.
import { action } from "@/lib/actions/action";
import { createAdminUser, updateAdminUser } from "@/modules/access/services/admin-users";
import { CreateAdminUserRequest, UpdateAdminUserRequest } from "@/modules/access/schemas/access";

export const createAdminUserAction = action(
  { auth: "session", adminRole: true, input: CreateAdminUserRequest },
  async (input, { caller }) => createAdminUser(caller, input),
);

export const updateAdminUserAction = action(
  { auth: "session", adminRole: true, input: UpdateAdminUserRequest },
  async (input, { caller }) => updateAdminUser(caller, input),
);
