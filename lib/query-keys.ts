// Every TanStack Query key of the dashboard in one place, so a mutation invalidates exactly what it changed.
export const queryKeys = {
  overview: ["overview"] as const,
  lists: {
    all: ["lists"] as const,
    one: (id: number) => ["lists", id] as const,
    subscribers: (id: number, filters: Record<string, unknown>) => ["lists", id, "subscribers", filters] as const,
    allSubscribers: (id: number) => ["lists", id, "subscribers"] as const,
    memberSearch: (id: number, q: string) => ["lists", id, "member-search", q] as const,
    properties: (companyId: string) => ["properties", companyId] as const,
    termPreview: (html: string) => ["term-preview", html] as const,
    impact: (id: number) => ["lists", id, "impact"] as const,
    companies: (q: string) => ["lists", "companies", q] as const,
  },
  companies: {
    /** Every register search (prefix of `all`), to refresh the register after a change. */
    lists: ["companies", "list"] as const,
    all: (q: string) => ["companies", "list", q] as const,
    one: (id: string) => ["companies", "one", id] as const,
    history: (id: string) => ["companies", "history", id] as const,
    grants: (id: string) => ["companies", "grants", id] as const,
    leisureCardKey: (id: string) => ["companies", "leisure-card-key", id] as const,
  },
  apiKeys: {
    all: ["api-keys"] as const,
    /** The companies an ADMIN may grant: the pickers of the API key and admin user forms. */
    grantableCompanies: ["grantable-companies"] as const,
  },
  adminUsers: ["admin-users"] as const,
  members: {
    all: ["members"] as const,
    search: (address: string) => ["members", "search", address] as const,
    options: ["members", "options"] as const,
  },
  events: {
    all: ["events"] as const,
    ofCompany: (companyId: string) => ["events", "company", companyId] as const,
    companies: ["events", "companies"] as const,
    memberSearch: (q: string) => ["events", "member-search", q] as const,
  },
  activities: {
    all: ["activities"] as const,
    ofCompany: (companyId: string) => ["activities", "company", companyId] as const,
    occasions: (activityId: number) => ["activities", "occasions", activityId] as const,
    memberSearch: (q: string) => ["activities", "member-search", q] as const,
    lokReport: (companyId: string, from: string, to: string, lang: string) =>
      ["activities", "lok-report", companyId, from, to, lang] as const,
    lokSettings: (companyId: string) => ["activities", "lok-settings", companyId] as const,
  },
  sendouts: {
    all: ["sendouts"] as const,
    ofCompany: (companyId: string) => ["sendouts", "company", companyId] as const,
    one: (id: number) => ["sendouts", "one", id] as const,
    recipients: (companyId: string, listIds: number[], activityIds: number[] = []) =>
      ["sendouts", "recipients", companyId, listIds, activityIds] as const,
  },
  suppressions: {
    all: ["suppressions"] as const,
    page: (companyId: string, page: number) => ["suppressions", companyId, page] as const,
  },
  webhooks: {
    all: ["webhooks"] as const,
    ofCompany: (companyId: string) => ["webhooks", "company", companyId] as const,
    deliveries: (endpointId: number, page: number, status: string) =>
      ["webhooks", "deliveries", endpointId, page, status] as const,
  },
  audit: (filters: Record<string, unknown>) => ["audit", filters] as const,
  outbox: (page: number) => ["outbox", page] as const,
};
