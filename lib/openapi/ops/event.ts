import { z } from "zod";
import { ErrorBody, IntId, OkResponse } from "../../validation/common";
import { CreateEventRequest, EventDetail, EventListQuery, EventView, RegisterParticipantRequest, UpdateEventRequest } from "../../validation/event";
import type { Operation } from "../operations";
import { responses } from "./shared";

const tags = ["Events"];
const eventNotFound = { description: "`event not found`: no such event, or it belongs to a company outside your scope", schema: ErrorBody };
const errors = { 400: responses.validation, 401: responses.unauthorized, 403: responses.forbidden, 404: eventNotFound };
const timeNote =
  "Times are ISO 8601 with an offset; responses write them in the event's `time_zone` (default Europe/Stockholm).";

export const eventOperations: Operation[] = [
  {
    method: "get",
    path: "/events/list",
    operationId: "listEvents",
    summary: "A company's events",
    description: `\`event\` module; the company in your scope (another company is 403, a missing one 404). Ordered by start. ${timeNote}`,
    tags,
    security: "bearer",
    query: EventListQuery.shape,
    responses: {
      200: { description: "The events", schema: z.array(EventView) },
      ...errors,
      404: { description: "`company not found`", schema: ErrorBody },
    },
  },
  {
    method: "get",
    path: "/events/{id}",
    operationId: "getEvent",
    summary: "One event with its participants",
    description: `Erased members stay listed as participants without personal data. ${timeNote}`,
    tags,
    security: "bearer",
    params: { id: IntId },
    responses: { 200: { description: "The event", schema: EventDetail }, ...errors },
  },
  {
    method: "post",
    path: "/events",
    operationId: "createEvent",
    summary: "Create an event",
    description: `Needs \`EVENT.U\`. \`ends_at\` must be after \`starts_at\`. ${timeNote}`,
    tags,
    security: "bearer",
    body: CreateEventRequest,
    responses: { 201: { description: "Created", schema: EventView }, 400: responses.validation, 401: responses.unauthorized, 403: responses.forbidden },
  },
  {
    method: "put",
    path: "/events/{id}",
    operationId: "updateEvent",
    summary: "Update an event",
    description: `Needs \`EVENT.U\`. The end must stay after the start and the capacity at or above the registered participants. ${timeNote}`,
    tags,
    security: "bearer",
    params: { id: IntId },
    body: UpdateEventRequest,
    responses: { 200: { description: "The updated event", schema: EventView }, ...errors },
  },
  {
    method: "delete",
    path: "/events/{id}",
    operationId: "deleteEvent",
    summary: "Delete an event",
    description: "Needs `EVENT.U`. The event and its participant registrations are deleted.",
    tags,
    security: "bearer",
    params: { id: IntId },
    responses: { 200: { description: "Deleted", schema: OkResponse }, ...errors },
  },
  {
    method: "post",
    path: "/events/{id}/participants",
    operationId: "registerEventParticipant",
    summary: "Register a member for an event",
    description:
      "Needs `EVENT.U`; the member must be in your scope (a missing, erased or out-of-scope member is 400 " +
      "`member_id: member not found`). Registering twice " +
      "changes nothing. When `capacity` participants are registered: 409 `event is full` (holds under concurrency).",
    tags,
    security: "bearer",
    params: { id: IntId },
    body: RegisterParticipantRequest,
    responses: {
      200: { description: "The event with its participants", schema: EventDetail },
      ...errors,
      409: { description: "`event is full`", schema: ErrorBody },
    },
  },
  {
    method: "delete",
    path: "/events/{id}/participants/{member_id}",
    operationId: "unregisterEventParticipant",
    summary: "Unregister a member from an event",
    description: "Needs `EVENT.U`. Unregistering someone not registered changes nothing.",
    tags,
    security: "bearer",
    params: { id: IntId, member_id: IntId },
    responses: { 200: { description: "The event with its participants", schema: EventDetail }, ...errors },
  },
];
