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
};

export const adminCommon = { sv, en };
