// Texts of a leader's invitation: the mail with its link (or a sign-in link for one who has an account) and the page
// where the leader chooses a password.
import type { Lang } from "@/lib/i18n/lang";

const sv = {
  mail: {
    subject: "Du är inbjuden som ledare",
    preheader: "Välj ett lösenord för att föra närvaro i telefonen.",
    greeting: (name: string) => `Hej ${name}!`,
    body: (activity: string) =>
      `Du är ledare för ${activity}. Med ett konto kan du föra närvaro vid varje tillfälle direkt i telefonen.`,
    link: "Välj lösenord",
    expires: (days: number) => `Länken gäller i ${days} dagar och kan användas en gång.`,
    reason: "Du får det här mejlet eftersom föreningen har lagt till dig som ledare.",
    signInSubject: "Logga in för att föra närvaro",
    signInPreheader: "Du har redan ett konto som ledare.",
    signInBody: (activity: string) =>
      `Du är ledare för ${activity}. Du har redan ett konto: logga in med din e-postadress och ditt lösenord.`,
    signInLink: "Logga in",
    forgot: "Har du glömt lösenordet kan du välja ett nytt på inloggningssidan.",
  },
  accept: {
    title: "Bli ledare",
    intro: (name: string) => `Hej ${name}! Välj ett lösenord för ditt ledarkonto.`,
    invalid: "Länken fungerar inte längre: den är redan använd eller för gammal. Be föreningen skicka en ny inbjudan.",
    email: "E-postadress",
    password: "Lösenord (minst 12 tecken)",
    submit: "Skapa kontot",
    submitting: "Skapar…",
    done: "Kontot är klart. Logga in med din e-postadress och lösenordet.",
    signIn: "Till inloggningen",
    failed: "Det gick inte. Försök igen.",
  },
};

const en: typeof sv = {
  mail: {
    subject: "You are invited as a leader",
    preheader: "Choose a password to take attendance on your phone.",
    greeting: (name: string) => `Hello ${name},`,
    body: (activity: string) =>
      `You lead ${activity}. With an account you can take attendance at every occasion right on your phone.`,
    link: "Choose a password",
    expires: (days: number) => `The link works for ${days} days and can be used once.`,
    reason: "You receive this email because the association added you as a leader.",
    signInSubject: "Sign in to take attendance",
    signInPreheader: "You already have a leader account.",
    signInBody: (activity: string) =>
      `You lead ${activity}. You already have an account: sign in with your email address and your password.`,
    signInLink: "Sign in",
    forgot: "If you have forgotten your password, you can choose a new one on the sign-in page.",
  },
  accept: {
    title: "Become a leader",
    intro: (name: string) => `Hello ${name}, choose a password for your leader account.`,
    invalid: "The link no longer works: it was used already or is too old. Ask the association for a new invitation.",
    email: "Email address",
    password: "Password (at least 12 characters)",
    submit: "Create the account",
    submitting: "Creating…",
    done: "Your account is ready. Sign in with your email address and the password.",
    signIn: "To sign-in",
    failed: "That did not work. Please try again.",
  },
};

export type LeaderInvitationMessages = typeof sv;

export function leaderInvitationMessages(lang: Lang): LeaderInvitationMessages {
  return lang === "en" ? en : sv;
}
