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
} from "../schemas/event";
import { OkResponse } from "@/lib/validation/common";
import { bearerInputErrors, forbidden, reason, unauthorized, validation } from "@/lib/operations/errors";
import { operationsSharing } from "@/lib/operations/operation";
import { IdParams } from "@/lib/operations/params";

const eventOperation = operationsSharing({ auth: "bearer", module: "event", tags: ["Events"] });
const eventErrors = {
  400: validation,
  401: unauthorized,
  403: forbidden,
  404: reason("`event not found`: no event has this id, or it belongs to a company outside your scope"),
};
const timeNote =
  "Times are ISO 8601 with an offset (`2026-03-18T18:00:00+01:00`); answers write them in the event's `time_zone` " +
  "(Europe/Stockholm unless set).";

export const listEvents = eventOperation({
  method: "get",
  path: "/events/list",
  query: EventListQuery,
  summary: "List a company's events",
  description:
    "All events of the company named by `company_id`, ordered by start, each with its number of registered " +
    "participants. The company must be in your API key's scope (403 otherwise; 404 when no company has the id). " +
    timeNote,
  responses: { 200: { description: "The events", schema: z.array(EventView) } },
  errors: { ...eventErrors, 404: reason("`company not found`: no company has the `company_id` given") },
});

export const getEvent = eventOperation({
  method: "get",
  path: "/events/{id}",
  params: IdParams,
  summary: "Get an event and its participants",
  description:
    "The event with every registered member (name, email, when registered). A member who was erased stays listed, " +
    `without personal data, so the count stays right. ${timeNote}`,
  responses: { 200: { description: "The event", schema: EventDetail } },
  errors: eventErrors,
});

export const createEvent = eventOperation({
  method: "post",
  path: "/events",
  permission: "EVENT.U",
  body: CreateEventRequest,
  summary: "Create an event",
  description:
    "Creates an event of a company in your API key's scope. `ends_at` must be after `starts_at`; `capacity` limits " +
    `the number of participants (no limit when left out or null). ${timeNote}`,
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
  description:
    "Changes only the fields sent. The end must stay after the start, and `capacity` cannot go below the number " +
    `already registered (400). ${timeNote}`,
  responses: { 200: { description: "The updated event", schema: EventView } },
  errors: eventErrors,
});

export const deleteEvent = eventOperation({
  method: "delete",
  path: "/events/{id}",
  permission: "EVENT.U",
  params: IdParams,
  summary: "Delete an event",
  description:
    "Deletes the event and all its registrations. The members themselves are not affected. There is no undo.",
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
    "Registers a member in your API key's scope (a missing, erased or out-of-scope member is 400 `member_id: member " +
    "not found`). Registering a member who already is changes nothing and answers the same. When the event has as " +
    "many participants as its `capacity`, the answer is 409 `event is full`, also when several registrations arrive " +
    "at once.",
  responses: { 200: { description: "The event with its participants", schema: EventDetail } },
  errors: { ...eventErrors, 409: reason("`event is full`: the event has as many participants as its capacity") },
});

export const unregisterEventParticipant = eventOperation({
  method: "delete",
  path: "/events/{id}/participants/{member_id}",
  permission: "EVENT.U",
  params: EventParticipantParams,
  summary: "Unregister a member from an event",
  description:
    "Removes the member's registration, freeing a place. A member who is not registered is no error: nothing changes.",
  responses: { 200: { description: "The event with its participants", schema: EventDetail } },
  errors: eventErrors,
});
