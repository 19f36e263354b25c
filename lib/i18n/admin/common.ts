// What every dashboard area says alike, once per language: what a failed action or read means (chosen by status in
// components/admin/action-errors.ts; each area adds its own `notFound`) and the small words of every form. The area
// dictionaries spread these into theirs, so a screen reads them where it reads its own texts.
const sv = {
  failures: {
    invalid: "Kontrollera de markerade fälten.",
    forbidden: "Du har inte behörighet att göra det här.",
    rateLimited: "För många ändringar på kort tid. Vänta en stund och försök igen.",
    unexpected: "Något gick fel. Försök igen.",
  },
  words: {
    cancel: "Avbryt",
    none: "–",
  },
  /** Copying a value shown once (a secret) to the clipboard. */
  copy: {
    copy: "Kopiera",
    copyLabel: (what: string) => `Kopiera ${what}`,
    copied: (what: string) => `${what} är kopierad.`,
    copyFailed: "Kunde inte kopiera. Markera texten och kopiera den själv.",
  },
};

const en: typeof sv = {
  failures: {
    invalid: "Check the marked fields.",
    forbidden: "You do not have permission to do this.",
    rateLimited: "Too many changes in a short time. Wait a moment and try again.",
    unexpected: "Something went wrong. Please try again.",
  },
  words: {
    cancel: "Cancel",
    none: "–",
  },
  copy: {
    copy: "Copy",
    copyLabel: (what: string) => `Copy ${what}`,
    copied: (what: string) => `${what} copied.`,
    copyFailed: "Could not copy. Select the text and copy it yourself.",
  },
};

export const adminCommon = { sv, en };
