// Texts of the hosted sign-up's two messages to the guardian: the double opt-in and the confirmation with its cancel
// link. {activity}, {organization}, {child} are filled in.
import type { Lang } from "@/lib/i18n/lang";

const sv = {
  optInSubject: "Bekräfta anmälan av {child} till {activity}",
  optInPreheader: "Anmälan gäller först när du har bekräftat den.",
  optInBody:
    "Någon, förhoppningsvis du, har anmält {child} till {activity} hos {organization} och angett den här adressen som vårdnadshavarens. Bekräfta anmälan:",
  optInLink: "Bekräfta anmälan",
  optInIgnore:
    "Var det inte du? Då behöver du inte göra något: utan bekräftelse sparas ingenting om barnet, och länken slutar gälla om sju dagar.",
  optInReason: "Du får det här meddelandet för att adressen angavs vid en anmälan till {activity}.",
  optInDetails: "När du bekräftar sparas det som fylldes i:",
  detailChild: "Barn: {value}",
  detailBirthdate: "Födelsedatum: {value}",
  detailGuardian: "Vårdnadshavare: {value}",
  detailPhone: "Telefon: {value}",
  detailConsent: "Du samtycker till att {organization} behandlar uppgifterna för aktiviteten.",
  enrolledSubject: "{child} har fått en plats i {activity}",
  waitlistSubject: "{child} står på väntelistan till {activity}",
  enrolledBody: "Välkommen! {child} har fått en plats i {activity} hos {organization}.",
  waitlistBody:
    "{activity} hos {organization} är fullt just nu, så {child} står på väntelistan. När en plats blir ledig får {child} den i tur och ordning.",
  cancelIntro: "Vill du avanmäla {child}? Använd länken, så frigörs platsen till någon annan:",
  cancelIntroWaitlist: "Vill du inte längre stå på väntelistan? Använd länken för att avanmäla {child}:",
  cancelLink: "Avanmäl {child}",
  confirmedReason: "Du får det här meddelandet för att du bekräftade anmälan till {activity}.",
};

const en: typeof sv = {
  optInSubject: "Confirm the sign-up of {child} for {activity}",
  optInPreheader: "The sign-up counts once you have confirmed it.",
  optInBody:
    "Someone, hopefully you, signed {child} up for {activity} at {organization} and gave this address as the guardian's. Please confirm the sign-up:",
  optInLink: "Confirm the sign-up",
  optInIgnore:
    "Was it not you? Then do nothing: without a confirmation nothing about the child is kept, and the link stops working in seven days.",
  optInReason: "You receive this message because the address was given at a sign-up for {activity}.",
  optInDetails: "When you confirm, what was filled in is kept:",
  detailChild: "Child: {value}",
  detailBirthdate: "Date of birth: {value}",
  detailGuardian: "Guardian: {value}",
  detailPhone: "Phone: {value}",
  detailConsent: "You consent to {organization} processing these details for the activity.",
  enrolledSubject: "{child} has a place in {activity}",
  waitlistSubject: "{child} is on the waiting list for {activity}",
  enrolledBody: "Welcome! {child} has a place in {activity} at {organization}.",
  waitlistBody:
    "{activity} at {organization} is full at the moment, so {child} is on the waiting list. When a place frees up, {child} gets it in turn.",
  cancelIntro: "Want to cancel the sign-up of {child}? Use the link, and the place goes to someone else:",
  cancelIntroWaitlist: "No longer want the waiting list spot? Use the link to cancel the sign-up of {child}:",
  cancelLink: "Cancel the sign-up of {child}",
  confirmedReason: "You receive this message because you confirmed a sign-up for {activity}.",
};

export function signupMailTexts(lang: Lang): typeof sv {
  return lang === "en" ? en : sv;
}
