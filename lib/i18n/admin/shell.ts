// Dashboard frame, sign-in page and overview texts. Each screen has its own file in this folder.
import type { Lang } from "../public-pages";

const sv = {
  product: "Förening service",
  dashboard: "Administration",
  nav: {
    overview: "Översikt",
    lists: "Prenumerationslistor",
    companies: "Föreningar",
    apiKeys: "API-nycklar",
    users: "Administratörer",
    audit: "Händelselogg",
  },
  navLabel: "Huvudmeny",
  signedInAs: "Inloggad som",
  role: { ADMIN: "Administratör", EDITOR: "Redaktör", VIEWER: "Läsbehörighet" } as Record<string, string>,
  signOut: "Logga ut",
  switchLanguage: "In English",
  loading: "Laddar…",
  loadError: "Kunde inte hämta uppgifterna. Försök igen.",
  retry: "Försök igen",
  empty: "Inget att visa ännu.",
  readOnly: "Du har läsbehörighet och kan inte ändra något här.",
  login: {
    title: "Logga in",
    intro: "För föreningarnas personal. Logga in med e-postadress och lösenord.",
    email: "E-postadress",
    password: "Lösenord",
    submit: "Logga in",
    submitting: "Loggar in…",
    wrongCredentials: "Fel e-postadress eller lösenord.",
    rateLimited: "För många inloggningsförsök. Vänta en stund och försök igen.",
    unexpected: "Inloggningen misslyckades. Försök igen.",
    signedOut: "Du är utloggad.",
  },
  overview: {
    title: "Översikt",
    lists: "Prenumerationslistor",
    activeSubscribers: "Aktiva prenumeranter",
    companiesByStatus: "Föreningar per fritidskortsstatus",
    chartTitle: "Prenumerationer och avslut per dag, senaste 30 dagarna",
    subscribed: "Nya prenumerationer",
    unsubscribed: "Avslutade",
    date: "Datum",
    asTable: "Visa siffrorna som tabell",
    noAccess: "Din behörighet omfattar inte den här delen.",
  },
  fkStatus: {
    NONE: "Ingen",
    ML_ADDED: "Tillagd som utförare",
    FK_ADDED: "Registrerad hos Fritidskortet",
    ACTIVE: "Aktiv",
    REJECTED: "Avvisad",
  } as Record<string, string>,
};

export type ShellMessages = typeof sv;

const en: ShellMessages = {
  product: "Förening service",
  dashboard: "Administration",
  nav: { overview: "Overview", lists: "Subscription lists", companies: "Companies", apiKeys: "API keys", users: "Admin users", audit: "Audit log" },
  navLabel: "Main menu",
  signedInAs: "Signed in as",
  role: { ADMIN: "Administrator", EDITOR: "Editor", VIEWER: "Read only" },
  signOut: "Sign out",
  switchLanguage: "På svenska",
  loading: "Loading…",
  loadError: "Could not load the data. Please try again.",
  retry: "Try again",
  empty: "Nothing to show yet.",
  readOnly: "You have read-only access and cannot change anything here.",
  login: {
    title: "Sign in",
    intro: "For association staff. Sign in with your email address and password.",
    email: "Email address",
    password: "Password",
    submit: "Sign in",
    submitting: "Signing in…",
    wrongCredentials: "Wrong email address or password.",
    rateLimited: "Too many sign-in attempts. Wait a while and try again.",
    unexpected: "Sign-in failed. Please try again.",
    signedOut: "You are signed out.",
  },
  overview: {
    title: "Overview",
    lists: "Subscription lists",
    activeSubscribers: "Active subscribers",
    companiesByStatus: "Companies by leisure-card status",
    chartTitle: "Subscriptions and unsubscriptions per day, last 30 days",
    subscribed: "New subscriptions",
    unsubscribed: "Unsubscribed",
    date: "Date",
    asTable: "Show the numbers as a table",
    noAccess: "Your access does not cover this part.",
  },
  fkStatus: { NONE: "None", ML_ADDED: "Added as provider", FK_ADDED: "Registered at Fritidskortet", ACTIVE: "Active", REJECTED: "Rejected" },
};

export function shellMessages(lang: Lang): ShellMessages {
  return lang === "en" ? en : sv;
}
