// Texts of the leaders' page (attendance on a phone) and of the panel where staff invite leaders.
import type { Lang } from "@/lib/i18n/lang";

const sv = {
  page: {
    title: "Närvaro",
    intro: "Tryck på en person för att markera närvaro. Det sparas i telefonen och skickas så fort det går.",
    today: "Dagens tillfällen",
    upcoming: "Inga tillfällen i dag. Kommande tillfällen:",
    none: "Du har inga tillfällen i dag eller de närmaste veckorna.",
    notYet: "Närvaro kan föras på dagen för tillfället.",
    cancelled: "Inställt",
    leaders: "Ledare",
    participants: "Deltagare",
    status: { PRESENT: "Närvarande", ABSENT: "Frånvarande", EXCUSED: "Anmäld frånvaro" },
    unset: "Inte markerad",
    pending: "Inte skickat än",
    sending: "Skickar…",
    sent: "Sparat",
    refused: "Kunde inte sparas",
    signInAgain: "Logga in igen för att skicka",
    offline: "Ingen anslutning. Det du markerar sparas i telefonen och skickas när anslutningen är tillbaka.",
    queued: (count: number) =>
      count === 1 ? "1 markering väntar på att skickas." : `${count} markeringar väntar på att skickas.`,
    save: "Spara närvaron",
    saved: "Närvaron är sparad.",
    failed: "Närvaron kunde inte sparas. Försök igen.",
    gapsTitle: "Saknar uppgifter",
    gapsIntro: "De här deltagarna saknar sätt att nå anhöriga eller samtycke. Tala med kansliet.",
    missing: { contact: "kontaktuppgifter", consent: "samtycke" },
    noGaps: "Alla deltagare har kontaktuppgifter.",
    signOut: "Logga ut",
  },
  invite: {
    title: "Bjud in ledare",
    intro:
      "Ledare loggar in i telefonen och för närvaro för sina aktiviteter, inget annat. De får ett mejl med en länk där de väljer lösenord; den som redan har konto får en länk till inloggningen.",
    activity: "Aktivitet",
    leader: "Ledare",
    email: "E-post",
    account: "Konto",
    hasAccount: "Har konto",
    noAccount: "Inget konto",
    noEmail: "Saknar e-post",
    invite: "Bjud in",
    resend: "Skicka inloggningslänk",
    sending: "Skickar…",
    invited: (name: string) => `Inbjudan skickad till ${name}.`,
    signInSent: (name: string) => `Inloggningslänk skickad till ${name}.`,
    failed: "Inbjudan kunde inte skickas.",
    none: "Inga aktiviteter med ledare.",
    back: "Tillbaka till användarna",
    open: "Bjud in ledare till aktiviteter",
  },
};

const en: typeof sv = {
  page: {
    title: "Attendance",
    intro: "Tap a person to mark attendance. It is kept on the phone and sent as soon as possible.",
    today: "Today's occasions",
    upcoming: "No occasions today. Coming occasions:",
    none: "You have no occasions today or in the coming weeks.",
    notYet: "Attendance can be taken on the day of the occasion.",
    cancelled: "Cancelled",
    leaders: "Leaders",
    participants: "Participants",
    status: { PRESENT: "Present", ABSENT: "Absent", EXCUSED: "Excused" },
    unset: "Not marked",
    pending: "Not yet sent",
    sending: "Sending…",
    sent: "Saved",
    refused: "Could not be saved",
    signInAgain: "Sign in again to send",
    offline: "No connection. What you mark is kept on the phone and sent when the connection is back.",
    queued: (count: number) =>
      count === 1 ? "1 mark is waiting to be sent." : `${count} marks are waiting to be sent.`,
    save: "Save attendance",
    saved: "Attendance saved.",
    failed: "Attendance could not be saved. Please try again.",
    gapsTitle: "Missing details",
    gapsIntro: "These participants lack a way to reach their family, or consent. Talk to the office.",
    missing: { contact: "contact details", consent: "consent" },
    noGaps: "Every participant has contact details.",
    signOut: "Sign out",
  },
  invite: {
    title: "Invite leaders",
    intro:
      "Leaders sign in on their phone and take attendance for their activities, nothing else. They get an email with a link where they choose a password; one who has an account gets a link to the sign-in page.",
    activity: "Activity",
    leader: "Leader",
    email: "Email",
    account: "Account",
    hasAccount: "Has an account",
    noAccount: "No account",
    noEmail: "No email address",
    invite: "Invite",
    resend: "Send sign-in link",
    sending: "Sending…",
    invited: (name: string) => `Invitation sent to ${name}.`,
    signInSent: (name: string) => `Sign-in link sent to ${name}.`,
    failed: "The invitation could not be sent.",
    none: "No activities with leaders.",
    back: "Back to the users",
    open: "Invite leaders to activities",
  },
};

export type LeaderMessages = typeof sv;

export function leaderMessages(lang: Lang): LeaderMessages {
  return lang === "en" ? en : sv;
}
