// /v3 events and their participants.
import { z } from "zod";
import {
  CreateEventRequest,
  EventDetail,
  EventListQuery,
  EventParticipantParams,
  EventView,
  RegisterParticipantRequest,
  UpdateEventRequest,
} from "../validation/event";
import { OkResponse } from "../validation/common";
import { bearerInputErrors, forbidden, reason, unauthorized, validation } from "./errors";
import { operationsSharing } from "./operation";
import { IdParams } from "./params";

const eventOperation = operationsSharing({ auth: "bearer", module: "event", tags: ["Events"] });
const eventErrors = {
  400: validation,
  401: unauthorized,
  403: forbidden,
  404: reason("`event not found`: no such event, or it belongs to a company outside your scope"),
};
const timeNote =
  "Times are ISO 8601 with an offset; responses write them in the event's `time_zone` (default Europe/Stockholm).";

export const listEvents = eventOperation({
  method: "get",
  path: "/events/list",
  query: EventListQuery,
  summary: "A company's events",
  description: `The company must be in your scope (another company is 403, a missing one 404). Ordered by start. ${timeNote}`,
  responses: { 200: { description: "The events", schema: z.array(EventView) } },
  errors: { ...eventErrors, 404: reason("`company not found`") },
});

export const getEvent = eventOperation({
  method: "get",
  path: "/events/{id}",
  params: IdParams,
  summary: "One event with its participants",
  description: `Erased members stay listed as participants without personal data. ${timeNote}`,
  responses: { 200: { description: "The event", schema: EventDetail } },
  errors: eventErrors,
});

export const createEvent = eventOperation({
  method: "post",
  path: "/events",
  permission: "EVENT.U",
  body: CreateEventRequest,
  summary: "Create an event",
  description: `\`ends_at\` must be after \`starts_at\`. ${timeNote}`,
  responses: { 201: { description: "Created", schema: EventView } },
  errors: bearerInputErrors,
});

export const updateEvent = eventOperation({
  method: "put",
  path: "/events/{id}",
  permission: "EVENT.U",
  params: IdParams,
  body: UpdateEventRequest,
  summary: "Update an event",
  description: `The end must stay after the start and the capacity at or above the registered participants. ${timeNote}`,
  responses: { 200: { description: "The updated event", schema: EventView } },
  errors: eventErrors,
});

export const deleteEvent = eventOperation({
  method: "delete",
  path: "/events/{id}",
  permission: "EVENT.U",
  params: IdParams,
  summary: "Delete an event",
  description: "The event and its participant registrations are deleted.",
  responses: { 200: { description: "Deleted", schema: OkResponse } },
  errors: eventErrors,
});

export const registerEventParticipant = eventOperation({
  method: "post",
  path: "/events/{id}/participants",
  permission: "EVENT.U",
  params: IdParams,
  body: RegisterParticipantRequest,
  summary: "Register a member for an event",
  description:
    "The member must be in your scope (a missing, erased or out-of-scope member is 400 `member_id: member not " +
    "found`). Registering twice changes nothing. When `capacity` participants are registered: 409 `event is full` " +
    "(holds under concurrency).",
  responses: { 200: { description: "The event with its participants", schema: EventDetail } },
  errors: { ...eventErrors, 409: reason("`event is full`") },
});

export const unregisterEventParticipant = eventOperation({
  method: "delete",
  path: "/events/{id}/participants/{member_id}",
  permission: "EVENT.U",
  params: EventParticipantParams,
  summary: "Unregister a member from an event",
  description: "Unregistering someone not registered changes nothing.",
  responses: { 200: { description: "The event with its participants", schema: EventDetail } },
  errors: eventErrors,
});
