// Every documented operation. Each domain lists its operations in ./ops/<domain>.ts; add new files here.
import type { z } from "zod";
import { authOperations } from "./ops/auth";
import { companyOperations } from "./ops/company";
import { eventOperations } from "./ops/event";
import { memberOperations } from "./ops/member";
import { organizationOperations } from "./ops/organization";
import { subscriptionOperations } from "./ops/subscription";

export interface OperationResponse {
  description: string;
  schema?: z.ZodType;
  contentType?: string;
  headers?: Record<string, { description: string; schema: { type: string } }>;
}

export interface Operation {
  method: "get" | "post" | "put" | "delete";
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: "bearer" | "basic" | "none";
  params?: Record<string, z.ZodType>;
  query?: Record<string, z.ZodType>;
  body?: z.ZodType;
  responses: Record<string, OperationResponse>;
}

export const operations: Operation[] = [
  ...authOperations,
  ...companyOperations,
  ...organizationOperations,
  ...memberOperations,
  ...eventOperations,
  ...subscriptionOperations,
];
