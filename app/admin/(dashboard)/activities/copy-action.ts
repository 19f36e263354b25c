"use server";
// Copying an activity to a new term from the dashboard (activity module, ACTIVITY.U): the same service as
// POST /v3/activities/{id}/copy. Its form: modules/activities/components/copy-activity-form.tsx.
import { z } from "zod";
import { action } from "@/lib/actions/action";
import { IntId } from "@/lib/validation/common";
import { copyActivity } from "@/modules/activities/services/copy";
import { CopyActivityRequest } from "@/modules/activities/schemas/copy";

export const copyActivityAction = action(
  {
    auth: "session",
    module: "activity",
    permission: "ACTIVITY.U",
    input: z.object({ id: IntId, copy: CopyActivityRequest }),
  },
  async ({ id, copy }, { caller }) => copyActivity(caller, id, copy),
);
