// Texts of the preference page (/preferences/<token>) and its erasure confirmation. {organization}, {email}.
import type { Lang } from "./lang";

const sv = {
  title: "Dina prenumerationer",
  intro: "Inställningar för {email} hos {organization}.",
  lists: "Listor",
  noLists: "Du finns inte på någon lista.",
  subscribed: "Prenumererar",
  pending: "Väntar på din bekräftelse",
  unsubscribed: "Prenumererar inte",
  closed: "Listan är stängd",
  turnOn: "Prenumerera på {list}",
  turnOff: "Avsluta {list}",
  turnOnShort: "Prenumerera",
  turnOffShort: "Avsluta",
  everything: "Alla utskick",
  optedOut: "Du har avregistrerat dig från alla utskick.",
  optOut: "Avregistrera mig från allt",
  undoOptOut: "Ångra: ta emot utskick igen",
  yourData: "Dina uppgifter",
  download: "Ladda ner mina uppgifter (JSON)",
  erase: "Radera mina uppgifter",
  eraseHelp: "Vi skickar en länk till din adress. Inget raderas förrän du bekräftat via den.",
  eraseSent: "Vi har skickat en länk till {email}. Öppna den för att bekräfta raderingen.",
  saved: "Sparat.",
  failed: "Det gick inte att spara. Försök igen om en stund.",
  capReached: "Listan tar inte emot fler prenumeranter just nu.",
  eraseTitle: "Radera dina uppgifter",
  eraseBody: "Dina prenumerationer, samtycken och uppgifter tas bort. Det går inte att ångra.",
  eraseButton: "Radera mina uppgifter",
  erasedTitle: "Dina uppgifter är raderade",
  erasedBody: "Vi har tagit bort dina uppgifter och du får inga fler utskick.",
};

const en: typeof sv = {
  title: "Your subscriptions",
  intro: "Settings for {email} at {organization}.",
  lists: "Lists",
  noLists: "You are not on any list.",
  subscribed: "Subscribed",
  pending: "Waiting for your confirmation",
  unsubscribed: "Not subscribed",
  closed: "The list is closed",
  turnOn: "Subscribe to {list}",
  turnOff: "Unsubscribe from {list}",
  turnOnShort: "Subscribe",
  turnOffShort: "Unsubscribe",
  everything: "All mailings",
  optedOut: "You have opted out of all mailings.",
  optOut: "Opt me out of everything",
  undoOptOut: "Undo: receive mailings again",
  yourData: "Your data",
  download: "Download my data (JSON)",
  erase: "Erase my data",
  eraseHelp: "We send a link to your address. Nothing is erased until you confirm through it.",
  eraseSent: "We have sent a link to {email}. Open it to confirm the erasure.",
  saved: "Saved.",
  failed: "That could not be saved. Please try again in a moment.",
  capReached: "The list is not taking more subscribers right now.",
  eraseTitle: "Erase your data",
  eraseBody: "Your subscriptions, consents and details are removed. This cannot be undone.",
  eraseButton: "Erase my data",
  erasedTitle: "Your data is erased",
  erasedBody: "We have removed your data and you will receive no more mailings.",
};

export type PreferenceMessages = typeof sv;

export function preferenceMessages(lang: Lang): PreferenceMessages {
  return lang === "en" ? en : sv;
}
