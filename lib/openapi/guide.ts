// The getting-started guide of the API reference: Markdown, shown by /docs as the document's introduction
// (info.description of /v3/openapi.json). Written for integrators.
export const gettingStartedGuide =
  "Company register with leisure-card (Fritidskortet) enrollment, subscription lists and the general membership " +
  "endpoints. Authenticate with POST /access/user/basic (HTTP Basic client_id:client_secret), then send " +
  "`Authorization: Bearer <access_token>`. Errors use `{reason}`; validation failures the ValidationError shape.";
