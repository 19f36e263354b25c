// The preference page's forms about the person: their name, and a change of address (a link to the new address
// confirms it; address-change.ts). Plain forms posting to preferenceAction: no JavaScript needed.
import { preferenceAction } from "@/app/preferences/actions";
import { secondaryButtonClass } from "@/components/public/page-shell";
import { TextField } from "@/components/ui/field";
import { fill } from "@/lib/i18n/fill";
import type { PreferenceMessages } from "@/modules/lists/texts/preferences";
import { NAME_MAX_LENGTH } from "@/modules/lists/services/preference-changes";
import type { Preferences } from "@/modules/lists/services/preferences";

interface Props {
  token: string;
  lang: string;
  prefs: Preferences;
  p: PreferenceMessages;
}

export function NameForm({ token, lang, prefs, p }: Props) {
  return (
    <section aria-labelledby="name-heading" className="mt-8">
      <h2 id="name-heading" className="text-lg font-semibold">
        {p.name}
      </h2>
      <form action={preferenceAction} className="mt-2 space-y-3">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="lang" value={lang} />
        <input type="hidden" name="op" value="name" />
        <input type="hidden" name="list_id" value="" />
        <TextField
          id="firstname"
          name="firstname"
          label={p.firstname}
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
          defaultValue={prefs.firstname ?? ""}
        />
        <TextField
          id="lastname"
          name="lastname"
          label={p.lastname}
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
          defaultValue={prefs.lastname ?? ""}
        />
        <button type="submit" className={secondaryButtonClass}>
          {p.saveName}
        </button>
      </form>
    </section>
  );
}

export function AddressForm({ token, lang, prefs, p }: Props) {
  return (
    <section aria-labelledby="address-heading" className="mt-8">
      <h2 id="address-heading" className="text-lg font-semibold">
        {p.address}
      </h2>
      <p className="mt-2 [overflow-wrap:anywhere]">{fill(p.currentAddress, { email: prefs.email ?? "" })}</p>
      {prefs.pendingAddress && (
        <p className="mt-2 text-slate-700 [overflow-wrap:anywhere]">
          {fill(p.addressWaiting, { email: prefs.pendingAddress })}
        </p>
      )}
      <form action={preferenceAction} className="mt-2 space-y-3">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="lang" value={lang} />
        <input type="hidden" name="op" value="address" />
        <input type="hidden" name="list_id" value="" />
        <TextField
          id="new-email"
          name="email"
          type="email"
          label={p.newAddress}
          help={p.addressHelp}
          autoComplete="email"
          required
          maxLength={254}
        />
        <button type="submit" className={secondaryButtonClass}>
          {p.changeAddress}
        </button>
      </form>
    </section>
  );
}
