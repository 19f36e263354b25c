// The getting-started guide of the API reference: Markdown, shown by /docs as the document's introduction
// (info.description of /v3/openapi.json). Written for integrators: what they do, in the order they do it.
export const gettingStartedGuide = `
A JSON API for an organization's company register (with each company's leisure-card, Fritidskortet, enrollment),
its members, events, subscription lists and sendouts. Every path below is relative to the server shown beside this
text, \`https://<this server>/v3\`. The machine-readable description is [/v3/openapi.json](/v3/openapi.json).

## Getting started

### 1. Get an API key

An administrator of your organization creates the key in the dashboard: **API keys** (API-nycklar,
\`/admin/api-keys\`) → **New API key**. The secret is shown once; keep both values in your secret store:

- \`client_id\` (\`ck_…\`): names the key; not a secret.
- \`client_secret\`: the password of the key.

A key belongs to one company (a federation, a district or a club) and sees what its access group allows:

- **Scope**: the companies the key may act on, chosen when it is created: usually its own company and the companies
  below it, so a club's key sees that club and a federation's key the whole tree. Another company's objects answer 403 (companies) or 404 (lists, members,
  events), never their data.
- **Modules**: \`company\`, \`member\`, \`event\`, \`subscription_list\`. An operation of a module the key lacks is 403.
- **Permissions**: reading needs the module; writing needs its permission too (\`COMPANY.U\`, \`MEMBER.U\`,
  \`EVENT.U\`, \`SUBSCRIPTION_LIST.U\`). Each operation below says what it needs.

Ask for the least your integration needs. A revoked key stops working at once, its tokens included.

### 2. Get a token

Exchange the key for a token pair with HTTP Basic (\`client_id\` as user name, \`client_secret\` as password):

\`\`\`sh
BASE=https://<this server>/v3
curl -s -X POST -u "$CLIENT_ID:$CLIENT_SECRET" "$BASE/access/user/basic"
\`\`\`

\`\`\`json
{
  "access_token": "eyJhbGciOi…",
  "token_type": "Bearer",
  "expires_in": 3600,
  "refresh_token": "…",
  "refresh_expires_ts": 1767225600
}
\`\`\`

The access token is valid for \`expires_in\` seconds (an hour); the refresh token until \`refresh_expires_ts\` (Unix
seconds).

To try the API from this page: in the **Authentication** panel beside this text (**oauth2**, OAuth 2.0 client
credentials, is selected), paste the client_id and client_secret and press **Authorize**; every request you send from a
**Test Request** console then carries the token. (Or tick **basic** instead of oauth2, send **Exchange client
credentials for a token pair**, then tick **bearer** and paste its \`access_token\`.)

### 3. Make your first call

Send the access token as \`Authorization: Bearer <access_token>\`. \`GET /company\` answers with the company your key
belongs to:

\`\`\`sh
curl -s "$BASE/company" -H "Authorization: Bearer $ACCESS_TOKEN"
\`\`\`

\`\`\`js
const response = await fetch(\`\${BASE}/company\`, { headers: { Authorization: \`Bearer \${accessToken}\` } });
const company = await response.json();
\`\`\`

\`\`\`python
import requests
company = requests.get(f"{BASE}/company", headers={"Authorization": f"Bearer {access_token}"}).json()
\`\`\`

### 4. Refresh

When the access token expires, requests answer 401 \`{"error": "expired", "context": "user"}\`. Exchange the refresh
token for a new pair:

\`\`\`sh
curl -s -X POST "$BASE/access/user/oauth/refresh_token" \\
  -H "Content-Type: application/json" -d "{\\"refresh_token\\": \\"$REFRESH_TOKEN\\"}"
\`\`\`

Refresh tokens rotate: each one works **once**, and the answer carries the next one. Store the new pair before you use
it. Presenting a used refresh token again is taken as theft: the whole family of tokens from that sign-in is revoked
(its access tokens too) and you start again from step 2. When the refresh token itself has expired, go back to step 2.
If your program runs in several processes, let one of them refresh and share the pair.

## Errors

Errors are JSON with a \`reason\`:

\`\`\`json
{ "reason": "company not found" }
\`\`\`

Invalid input is 400 with the reason, a code and the messages per field (\`form_errors\` are about the body as a whole):

\`\`\`json
{
  "reason": "fk_status: must be one of …",
  "code": "validation_error",
  "errors": { "fk_status": ["must be one of …"] },
  "form_errors": []
}
\`\`\`

| Status | Means |
| --- | --- |
| 400 | invalid input: see \`errors\` |
| 401 | no token (\`missing bearer token\`), or it expired (\`{"error": "expired"}\`: refresh) |
| 403 | the key lacks the module or permission, or the company is outside its scope |
| 404 | no such object (or one outside the key's scope) |
| 413 | the body is over 1 MiB |
| 415 | the body is not JSON: send \`Content-Type: application/json\` |
| 422 | \`invalid token\`: malformed, or its key was revoked; get a new one |
| 429 | too many requests: wait \`Retry-After\` seconds |
| 503 | the service is briefly unavailable: retry with a backoff |

## Pagination

Lists that can grow take \`page\` (from 1) and \`limit\` and answer with the total \`count\`:

\`\`\`sh
curl -s -X POST "$BASE/member/pagination" -H "Authorization: Bearer $ACCESS_TOKEN" \\
  -H "Content-Type: application/json" -d '{"page": 2, "limit": 50}'
\`\`\`

\`\`\`json
{ "members": [ … ], "count": 312, "page": 2, "limit": 50 }
\`\`\`

Read pages until \`page * limit >= count\`. Each operation states its largest \`limit\`.

## Rate limits

The token endpoints are limited per client address: 10 token requests and 20 refreshes a minute (so keep your token
until it expires instead of fetching one per call), and the public subscription endpoints 120 reads and 20 writes a
minute. Over the limit the answer is 429 with \`Retry-After\` (seconds):

\`\`\`python
import time
response = requests.post(f"{BASE}/access/user/basic", auth=(client_id, client_secret))
if response.status_code == 429:
    time.sleep(int(response.headers["Retry-After"]))
\`\`\`

## Webhooks

Instead of polling, your integration can be told when something happens: a subscription created, confirmed or
unsubscribed, a member created, changed or erased, a company's leisure-card status changed, a sendout sent, an
activity created, changed or deleted, a participant's place in it changed, attendance recorded. Register
an HTTPS endpoint and the events it wants through the API (\`/webhook\`) or in the dashboard. Each delivery is a JSON
POST signed per [Standard Webhooks](https://www.standardwebhooks.com/) (headers \`webhook-id\`,
\`webhook-timestamp\`, \`webhook-signature\`): verify the signature with the endpoint's secret before you trust the
body, answer 2xx quickly, and use \`webhook-id\` to ignore a delivery you have already handled. Failed deliveries are
retried with a growing delay, and an endpoint only receives events about companies within its owner's scope.
`.trim();
