// Every counterexample a fuzz run ever found, replayed by every run as a named test of its file
// (tests/integration/fuzz-api.test.ts, fuzz-hosted.test.ts) with the same checks as the generated cases. When
// `npm run fuzz` fails, it prints the entry to add here (docs/security.md, Fuzzing); give it a name that says what was
// wrong. World values are named so the case replays in any run's world: "$authorizations.0" is the full-rights
// bearer token, "$listIds.0" the fuzzed organization's first list (tests/fuzz/world.ts, World.named).
export interface Regression {
  /** What was wrong, in a few words. */
  name: string;
  /** The day it was found (YYYY-MM-DD), and the seed and database of that run. */
  found: string;
  seed: number;
  db: "sqlite" | "postgres";
  file: "fuzz-api" | "fuzz-hosted";
  /** The property that found it: its test's name in that file. */
  property: string;
  /** The generated value it failed on. */
  value: unknown;
}

export const regressions: Regression[] = [
  {
    // GET /v3/subscription_list/unsubscribe/%2E%2E/1 was answered by GET /v3/subscription_list/1 (200, the list).
    name: "a percent-encoded dot segment reached another route",
    found: "2026-11-23",
    seed: 660511707,
    db: "postgres",
    file: "fuzz-api",
    property: "GET /subscription_list/unsubscribe/{list_uuid}/{member_uuid}",
    value: { segments: ["%2E%2E", "$listIds.0"], query: "", authorization: "$authorizations.0", body: {} },
  },
  {
    // GET /v3/subscription_list/%2E%2E/subscribers reached /v3/subscribers, Next's HTML 404 page, once requests were
    // sent as written (fetch() had resolved the dots client-side).
    name: "a percent-encoded dot segment left the /v3 routes for an HTML 404",
    found: "2026-11-24",
    seed: 660511707,
    db: "sqlite",
    file: "fuzz-api",
    property: "GET /subscription_list/{id}/subscribers",
    value: { segments: ["%2E%2E"], query: "", authorization: "$authorizations.0", body: {} },
  },
];
