// The dashboard's data routes of the Outbox (/admin/api/outbox): the mail the embedded catcher kept. Only an
// organization-wide ADMIN, and only while mail is caught, gets anything but 404 (modules/sendouts/services/outbox.ts says why).
import { OutboxIdParams, OutboxMessage, OutboxPage, OutboxQuery } from "../schemas/outbox";
import { reason, validation } from "@/lib/operations/errors";
import { dashboardReadErrors, dashboardRoute } from "@/lib/operations/dashboard-route";

const notCaught = "`not found`: mail is not caught (SMTP_URL is set) or the caller is not an ADMIN of every company";
const messageErrors = {
  400: validation,
  401: dashboardReadErrors[401],
  404: reason(`${notCaught}; \`message not found\``),
};

export const dashboardOutbox = dashboardRoute({
  path: "/outbox",
  query: OutboxQuery,
  summary: "One page of the caught messages, newest first",
  responses: { 200: { description: "A page of messages", schema: OutboxPage } },
  errors: { 400: validation, 401: dashboardReadErrors[401], 404: reason(notCaught) },
});

export const dashboardOutboxMessage = dashboardRoute({
  path: "/outbox/{id}",
  params: OutboxIdParams,
  summary: "One caught message: its headers, links and plain text",
  responses: { 200: { description: "The message", schema: OutboxMessage } },
  errors: messageErrors,
});

export const dashboardOutboxHtml = dashboardRoute({
  path: "/outbox/{id}/html",
  params: OutboxIdParams,
  summary: "A caught message's HTML part for the dashboard's sandboxed frame, under a policy of its own (no scripts)",
  responses: { 200: { description: "The HTML part", contentType: "text/html" } },
  errors: { ...messageErrors, 404: reason(`${notCaught}; \`message not found\`; \`message has no HTML part\``) },
});
