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
import { forbidden, reason, unauthorized, validation } from "./errors";
import { operation } from "./operation";
import { IdParams } from "./params";

const tags = ["Events"];
const eventErrors = {
  400: validation,
  401: unauthorized,
  403: forbidden,
  404: reason("`event not found`: no such event, or it belongs to a company outside your scope"),
};
const timeNote =
  "Times are ISO 8601 with an offset; responses write them in the event's `time_zone` (default Europe/Stockholm).";

export const listEvents = operation({
  method: "get",
  path: "/events/list",
  auth: "bearer",
  module: "event",
  query: EventListQuery,
  summary: "A company's events",
  description: `The company must be in your scope (another company is 403, a missing one 404). Ordered by start. ${timeNote}`,
  tags,
  responses: { 200: { description: "The events", schema: z.array(EventView) } },
  errors: { ...eventErrors, 404: reason("`company not found`") },
});

export const getEvent = operation({
  method: "get",
  path: "/events/{id}",
  auth: "bearer",
  module: "event",
  params: IdParams,
  summary: "One event with its participants",
  description: `Erased members stay listed as participants without personal data. ${timeNote}`,
  tags,
  responses: { 200: { description: "The event", schema: EventDetail } },
  errors: eventErrors,
});

export const createEvent = operation({
  method: "post",
  path: "/events",
  auth: "bearer",
  module: "event",
  permission: "EVENT.U",
  body: CreateEventRequest,
  summary: "Create an event",
  description: `\`ends_at\` must be after \`starts_at\`. ${timeNote}`,
  tags,
  responses: { 201: { description: "Created", schema: EventView } },
  errors: { 400: validation, 401: unauthorized, 403: forbidden },
});

export const updateEvent = operation({
  method: "put",
  path: "/events/{id}",
  auth: "bearer",
  module: "event",
  permission: "EVENT.U",
  params: IdParams,
  body: UpdateEventRequest,
  summary: "Update an event",
  description: `The end must stay after the start and the capacity at or above the registered participants. ${timeNote}`,
  tags,
  responses: { 200: { description: "The updated event", schema: EventView } },
  errors: eventErrors,
});

export const deleteEvent = operation({
  method: "delete",
  path: "/events/{id}",
  auth: "bearer",
  module: "event",
  permission: "EVENT.U",
  params: IdParams,
  summary: "Delete an event",
  description: "The event and its participant registrations are deleted.",
  tags,
  responses: { 200: { description: "Deleted", schema: OkResponse } },
  errors: eventErrors,
});

export const registerEventParticipant = operation({
  method: "post",
  path: "/events/{id}/participants",
  auth: "bearer",
  module: "event",
  permission: "EVENT.U",
  params: IdParams,
  body: RegisterParticipantRequest,
  summary: "Register a member for an event",
  description:
    "The member must be in your scope (a missing, erased or out-of-scope member is 400 `member_id: member not " +
    "found`). Registering twice changes nothing. When `capacity` participants are registered: 409 `event is full` " +
    "(holds under concurrency).",
  tags,
  responses: { 200: { description: "The event with its participants", schema: EventDetail } },
  errors: { ...eventErrors, 409: reason("`event is full`") },
});

export const unregisterEventParticipant = operation({
  method: "delete",
  path: "/events/{id}/participants/{member_id}",
  auth: "bearer",
  module: "event",
  permission: "EVENT.U",
  params: EventParticipantParams,
  summary: "Unregister a member from an event",
  description: "Unregistering someone not registered changes nothing.",
  tags,
  responses: { 200: { description: "The event with its participants", schema: EventDetail } },
  errors: eventErrors,
});
