// Texts of the messages of a change of address asked for on the preference page: the link to the new address, the
// notice to the old one once it changed, and the word to a new address that already belongs to someone there.
// {organization}, {email} (the new address).
import type { Lang } from "@/lib/i18n/lang";

const sv = {
  linkSubject: "Bekräfta din nya e-postadress",
  linkBody:
    "Du har bett {organization} att byta din e-postadress till {email}. Adressen byts först när du bekräftar via knappen.",
  linkButton: "Bekräfta den nya adressen",
  linkIgnore: "Var det inte du? Gör ingenting, så ändras inget. Länken gäller i ett dygn och kan användas en gång.",
  linkReason:
    "Du får det här meddelandet för att någon angav den här adressen på inställningssidan hos {organization}.",
  changedSubject: "Din e-postadress har bytts",
  changedBody:
    "Din e-postadress hos {organization} är nu {email}. Utskick går dit från och med nu, inte längre till den här adressen.",
  changedHelp: "Var det inte du? Kontakta {organization} så snart du kan.",
  changedReason: "Du får det här meddelandet för att adressen bekräftades via en länk från inställningssidan.",
  takenSubject: "Din e-postadress ändrades inte",
  takenBody:
    "Någon bad {organization} att byta en e-postadress till {email}, men den adressen finns redan registrerad där. Inget har ändrats.",
  takenReason:
    "Du får det här meddelandet för att någon angav den här adressen på inställningssidan hos {organization}.",
};

const en: typeof sv = {
  linkSubject: "Confirm your new email address",
  linkBody:
    "You asked {organization} to change your email address to {email}. The address changes only when you confirm with the button.",
  linkButton: "Confirm the new address",
  linkIgnore: "Was it not you? Do nothing and nothing changes. The link works for one day, once.",
  linkReason: "You receive this message because someone entered this address on the preference page of {organization}.",
  changedSubject: "Your email address was changed",
  changedBody:
    "Your email address at {organization} is now {email}. Mailings go there from now on, no longer to this address.",
  changedHelp: "Was it not you? Contact {organization} as soon as you can.",
  changedReason: "You receive this message because the address was confirmed through a link from the preference page.",
  takenSubject: "Your email address was not changed",
  takenBody:
    "Someone asked {organization} to change an email address to {email}, but that address is already registered there. Nothing was changed.",
  takenReason:
    "You receive this message because someone entered this address on the preference page of {organization}.",
};

export type AddressChangeMailTexts = typeof sv;

export function addressChangeMailTexts(lang: Lang): AddressChangeMailTexts {
  return lang === "en" ? en : sv;
}
