import { CurrentCompany } from "../../validation/company";
import { ErrorBody } from "../../validation/common";
import type { Operation } from "../operations";
import { responses } from "./shared";

export const companyOperations: Operation[] = [
  {
    method: "get",
    path: "/company",
    operationId: "getCurrentCompany",
    summary: "The caller's own company",
    description: "The company that owns the calling API key: the root of its access scope. No module is required.",
    tags: ["Company"],
    security: "bearer",
    responses: {
      200: { description: "The company", schema: CurrentCompany },
      401: responses.unauthorized,
      404: { description: "`company not found`: the key's company was deleted", schema: ErrorBody },
    },
  },
];
