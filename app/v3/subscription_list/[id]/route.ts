// GET    /v3/subscription_list/{id}: one list, with its uuid
// PUT    /v3/subscription_list/{id}: update a list
// DELETE /v3/subscription_list/{id}: delete a list
import { z } from "zod";
import { route } from "@/lib/http/route";
import { deleteList, getList, updateList } from "@/lib/services/subscription-lists";
import { UpdateListRequest } from "@/lib/validation/subscription";
import { IntIdParam } from "@/lib/validation/common";

const params = z.object({ id: IntIdParam });

export const GET = route({ auth: "bearer", module: "subscription_list", params }, async ({ caller, params }) =>
  getList(caller, params.id),
);

export const PUT = route(
  { auth: "bearer", module: "subscription_list", permission: "SUBSCRIPTION_LIST.U", params, body: UpdateListRequest },
  async ({ caller, params, body }) => updateList(caller, params.id, body),
);

export const DELETE = route(
  { auth: "bearer", module: "subscription_list", permission: "SUBSCRIPTION_LIST.U", params },
  async ({ caller, params }) => deleteList(caller, params.id),
);
