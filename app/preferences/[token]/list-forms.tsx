// The preference page's list forms: a list's questions (the person's interests) as checkboxes grouped as the
// subscribe form groups them, saved for a list they are on, and the organization's other public lists to join, each
// with what its subscribe form asks (questions, the term and its consent box, the double opt-in's confirmation).
// Plain forms posting to preferenceAction: no JavaScript needed.
import { preferenceAction } from "@/app/preferences/actions";
import { secondaryButtonClass } from "@/components/public/page-shell";
import { CheckboxField } from "@/components/ui/field";
import { fill } from "@/lib/i18n/fill";
import type { PreferenceMessages } from "@/modules/lists/texts/preferences";
import type { Preferences, PreferenceQuestion } from "@/modules/lists/services/preferences";

interface Base {
  token: string;
  lang: string;
}

function Hidden({ values }: { values: Record<string, string | number> }) {
  return Object.entries(values).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/** The questions by their group, in the list's order. */
function byGroup(questions: PreferenceQuestion[]) {
  const groups = new Map<string, { name: string; descr: string | null; questions: PreferenceQuestion[] }>();
  for (const q of questions) {
    const group = groups.get(q.group_name) ?? { name: q.group_name, descr: q.group_descr, questions: [] };
    group.questions.push(q);
    groups.set(q.group_name, group);
  }
  return [...groups.values()];
}

/** A list's questions as checkboxes; ids are made unique per list (`idPrefix`), as one page holds many lists. */
function Questions({
  idPrefix,
  questions,
  answered,
  p,
}: {
  idPrefix: string;
  questions: PreferenceQuestion[];
  answered: number[];
  p: PreferenceMessages;
}) {
  return byGroup(questions).map((group, index) => (
    <fieldset
      key={group.name}
      className="space-y-2"
      aria-describedby={group.descr ? `${idPrefix}-group-${index}` : undefined}
    >
      <legend className="font-medium">{group.name || p.questions}</legend>
      {group.descr && (
        <p id={`${idPrefix}-group-${index}`} className="text-sm text-slate-700">
          {group.descr}
        </p>
      )}
      {group.questions.map((q) => (
        <CheckboxField
          key={q.prop_id}
          id={`${idPrefix}-q-${q.prop_id}`}
          name="answered_prop_ids"
          value={q.prop_id}
          label={q.name}
          description={q.descr || undefined}
          defaultChecked={answered.includes(q.prop_id)}
          className="flex items-start gap-3"
        />
      ))}
    </fieldset>
  ));
}

/** The interests of a list the person is on (subscribed or waiting), saved on their own. */
export function AnswersForm({
  list,
  answered,
  p,
  ...base
}: Base & { list: Preferences["lists"][number]; answered: number[]; p: PreferenceMessages }) {
  return (
    <details className="mt-2 w-full">
      <summary className="cursor-pointer text-sm font-medium text-blue-800 underline">
        {fill(p.questionsOf, { list: list.name })}
      </summary>
      <form action={preferenceAction} className="mt-3 space-y-3">
        <Hidden values={{ ...base, op: "answers", list_id: list.id }} />
        <Questions idPrefix={`list-${list.id}`} questions={list.questions} answered={answered} p={p} />
        <button type="submit" className={secondaryButtonClass} aria-label={fill(p.saveAnswersFor, { list: list.name })}>
          {p.saveAnswers}
        </button>
      </form>
    </details>
  );
}

/** One list to join: its description, its questions, its term and consent box, and the subscribe button. */
function JoinForm({
  list,
  answered,
  p,
  ...base
}: Base & { list: Preferences["otherLists"][number]; answered: number[]; p: PreferenceMessages }) {
  const id = `join-${list.id}`;
  return (
    <li className="p-3">
      <form action={preferenceAction} className="space-y-3" aria-labelledby={`${id}-name`}>
        <Hidden values={{ ...base, op: "join", list_id: list.id }} />
        <div>
          <h3 id={`${id}-name`} className="font-medium [overflow-wrap:anywhere]">
            {list.name}
          </h3>
          {list.description && <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{list.description}</p>}
        </div>
        <Questions idPrefix={id} questions={list.questions} answered={answered} p={p} />
        {list.term && (
          <div className="space-y-2">
            <details>
              <summary className="cursor-pointer text-sm font-medium text-blue-800 underline">
                {fill(p.termsFor, { list: list.name })}
              </summary>
              {/* Sanitized server-side with an allowlist (lib/sanitize.ts), as on the subscribe page. */}
              <div
                className="consent-text mt-2 max-h-48 overflow-y-auto rounded-md border border-slate-300 bg-slate-50 p-3 text-sm wrap-anywhere"
                dangerouslySetInnerHTML={{ __html: list.term.html }}
              />
            </details>
            <CheckboxField
              id={`${id}-terms`}
              name="terms_accepted"
              value="true"
              required={list.consentRequired}
              label={
                <>
                  {p.acceptTerms} ({list.term.name})
                  <span className="text-slate-600"> ({list.consentRequired ? p.required : p.optional})</span>
                </>
              }
              className="flex items-start gap-3"
            />
          </div>
        )}
        {list.doubleOptIn && <p className="text-sm text-slate-700">{p.doubleOptInNote}</p>}
        <button type="submit" className={secondaryButtonClass} aria-label={fill(p.turnOn, { list: list.name })}>
          {p.turnOnShort}
        </button>
      </form>
    </li>
  );
}

export function OtherLists({ prefs, p, ...base }: Base & { prefs: Preferences; p: PreferenceMessages }) {
  if (prefs.otherLists.length === 0) return null;
  return (
    <section aria-labelledby="other-lists-heading" className="mt-8">
      <h2 id="other-lists-heading" className="text-lg font-semibold">
        {fill(p.otherLists, { organization: prefs.organization })}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{p.otherListsHelp}</p>
      <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
        {prefs.otherLists.map((list) => (
          <JoinForm key={list.id} list={list} answered={prefs.answered} p={p} {...base} />
        ))}
      </ul>
    </section>
  );
}
