// The groups the API reference shows operations in (an operation's `tags`), in the order it shows them, each with
// the sentence an integrator reads first. A tag used by an operation must be described here (the document's unit
// test checks it).
export const tagDescriptions: Record<string, string> = {
  Authentication:
    "Exchange an API key's client credentials for an access token, and renew it with the refresh token. Every other " +
    "authenticated operation takes the access token as `Authorization: Bearer <access_token>`.",
  Company:
    "The association's company register: your own company, the organization's tree of clubs, search, and each " +
    "club's leisure-card (Fritidskortet) enrollment and approved-provider status.",
  Organization: "Reference data members are described with: membership periods, member types and property groups.",
  Members:
    "Create, read, update and erase members, and page through or search them. A member belongs to one company and is " +
    "visible to API keys whose scope includes that company.",
  Events: "Events such as annual meetings, training camps and courses, and the members registered for them.",
  Activities:
    "Recurring group activities (a weekly training group for a term): their schedule and the occasions it makes, " +
    "leaders, participants with a waitlist, and the attendance of each occasion. Single events are under Events.",
  "Subscription lists (admin)":
    "Mailing lists of a company (newsletters, club news) with an API key: create and configure them, read their " +
    "subscribers, subscribe and unsubscribe members.",
  "Subscription lists (public)":
    "The unauthenticated endpoints behind a list's signup form and the unsubscribe links in sent messages. Rate-limited " +
    "per IP address.",
  Sendouts: "Messages to the subscribers of one or more lists: draft, test, send now or later, pause, resume, cancel.",
  Webhooks:
    "Your HTTPS endpoints that receive an event when something happens: a subscription created, confirmed or ended, a " +
    "member created, changed, erased or opted out, a company's leisure-card status changed, a sendout sent, an " +
    "activity created, changed or deleted, a participant's place in it changed, attendance recorded. Each " +
    "delivery is signed per Standard Webhooks and retried for more than a day; the bodies are under Webhooks below.",
  Imports:
    "Members into a company and subscribers into a list from a CSV or Excel (.xlsx) file: upload, preview with a " +
    "column mapping, run in the background, download the result, undo.",
  "Mail events": "Webhooks for your mail provider to report bounces, spam complaints and deliveries.",
  Reference: "This document.",
};
