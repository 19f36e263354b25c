// The notices the preference page shows after a form (?notice=): what happened, or what the person can do about it.
export const PREFERENCE_NOTICES = [
  "saved",
  "failed",
  "capReached",
  "eraseSent",
  "joined",
  "confirmationSent",
  "consentMissing",
  "nameTooLong",
  "addressSent",
  "addressSame",
  "addressInvalid",
  "tooMany",
] as const;

export type PreferenceNotice = (typeof PREFERENCE_NOTICES)[number];

/** The notices that report a problem (shown in red, as an alert). */
export const PROBLEM_NOTICES: ReadonlySet<PreferenceNotice> = new Set([
  "failed",
  "capReached",
  "consentMissing",
  "nameTooLong",
  "addressSame",
  "addressInvalid",
  "tooMany",
]);
