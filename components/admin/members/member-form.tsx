"use client";
// Adding or changing a member: personal fields, memberships (company, period, member type, status) and properties,
// validated in the browser with the same schemas as POST and PUT /v3/member; the server's answer (a taken email, a
// period of another organization) lands on the same fields.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useFieldArray, useForm, type FieldError, type Path } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { ActionError, unwrap } from "@/lib/actions/result";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { fill } from "@/lib/i18n/fill";
import { membersMessages } from "@/lib/i18n/admin/members";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { CreateMemberRequest, MEMBERSHIP_STATUSES, UpdateMemberRequest } from "@/lib/validation/member";
import { failureText } from "../action-errors";
import { useLang } from "../i18n-context";
import { buttonClass, inputClass, secondaryButtonClass } from "../ui/styles";
import { memberName, type Member, type MemberActions, type MemberOptions } from "./types";

interface Values {
  company_id: string;
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  birthdate: string | null;
  street: string;
  zipcode: string;
  post: string;
  memberships: { company_id: string; period_id: string; member_type_id: string | null; status: string }[];
  prop_ids: string[];
}

const TEXT_FIELDS = [
  ["email", "email", "email"],
  ["firstname", "text", "given-name"],
  ["lastname", "text", "family-name"],
  ["phone", "tel", "tel"],
  ["street", "text", "street-address"],
  ["zipcode", "text", "postal-code"],
  ["post", "text", "address-level2"],
] as const;

/** The selects hold ids as text; the API's schema takes numbers and never coerces, so the form turns them first. */
const idOf = (id: string | number) => (typeof id === "string" && /^[0-9]{1,10}$/.test(id) ? Number(id) : id);

function requestBody(values: Values) {
  return {
    ...values,
    memberships: values.memberships.map((m) => ({ ...m, period_id: idOf(m.period_id), member_type_id: m.member_type_id ? idOf(m.member_type_id) : null })),
    prop_ids: values.prop_ids.map(idOf),
  };
}

function valuesOf(member: Member | null): Values {
  return {
    company_id: member?.company_id ?? "",
    email: member?.email ?? "",
    firstname: member?.firstname ?? "",
    lastname: member?.lastname ?? "",
    phone: member?.phone ?? "",
    birthdate: member?.birthdate ?? null,
    street: member?.street ?? "",
    zipcode: member?.zipcode ?? "",
    post: member?.post ?? "",
    memberships: (member?.memberships ?? []).map((m) => ({ company_id: m.company_id, period_id: String(m.period_id), member_type_id: m.member_type_id ? String(m.member_type_id) : null, status: m.status })),
    prop_ids: (member?.properties ?? []).map((p) => String(p.prop_id)),
  };
}

export function MemberForm({ member, options, actions, onDone }: {
  /** null: a new member. */
  member: Member | null;
  options: MemberOptions;
  actions: Pick<MemberActions, "createMember" | "updateMember">;
  onDone?: () => void;
}) {
  const lang = useLang();
  const t = membersMessages(lang);
  const router = useRouter();
  const schema = member ? UpdateMemberRequest : CreateMemberRequest;
  const form = useForm<Values>({
    // The browser checks with the API's schema; the values sent are the form's, so the server parses them again.
    resolver: keyedZodResolver(z.preprocess((values: unknown) => requestBody(values as Values), schema) as never) as never,
    defaultValues: valuesOf(member),
  });
  const memberships = useFieldArray({ control: form.control, name: "memberships" });
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = requestBody(values);
      // An update names no company (a member stays in its company); the update schema drops the field.
      if (member) return unwrap(actions.updateMember({ ...body, id: member.id } as never));
      return unwrap(actions.createMember(body as never));
    },
    onSuccess: (saved) => {
      if (member) {
        toast.success(t.member.saved);
        onDone?.();
        router.refresh();
      } else {
        toast.success(fill(t.member.createdToast, { name: memberName(saved, t.search.noName) }));
        router.push(`/admin/members/${saved.id}`);
      }
    },
    onError: (error) => {
      if (error instanceof ActionError) {
        for (const [field, messages] of Object.entries(error.result.fieldErrors)) {
          const key = error.result.issueKeys[field]?.[0];
          const message = key ? messages[0] : field === "email" ? t.form.emailTaken : t.form.unknownReference;
          form.setError(field as Path<Values>, { type: key ?? "business", message });
        }
      }
      toast.error(failureText(t.common, error));
    },
  });

  const errorAt = (path: string): string | undefined => {
    const error = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as FieldError | undefined;
    if (!error?.message) return undefined;
    return error.type === "business" ? error.message : fieldErrorText(lang, path.split(".").pop()!, error.type, error.message);
  };
  const aria = (id: string, path: string, help?: string) => {
    const error = errorAt(path);
    const described = [help, error ? `${id}-error` : null].filter(Boolean).join(" ");
    return { id, "aria-invalid": error ? (true as const) : undefined, "aria-describedby": described || undefined };
  };
  const errorLine = (id: string, path: string) => {
    const error = errorAt(path);
    return error ? (
      <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
        {error}
      </p>
    ) : null;
  };
  const companyName = new Map(options.companies.map((c) => [c.company_id, c.name]));

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-6" aria-label={member ? fill(t.form.editTitle, { name: memberName(member, t.search.noName) }) : t.form.newTitle}>
      {!member && (
        <div className="max-w-md">
          <label htmlFor="member-company_id" className="block font-medium">
            {t.form.company}
          </label>
          <select {...form.register("company_id")} {...aria("member-company_id", "company_id")} className={inputClass}>
            <option value="">{t.form.chooseCompany}</option>
            {options.companies.map((c) => (
              <option key={c.company_id} value={c.company_id}>
                {c.name}
              </option>
            ))}
          </select>
          {errorLine("member-company_id", "company_id")}
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        {TEXT_FIELDS.map(([name, type, autoComplete]) => (
          <div key={name}>
            <label htmlFor={`member-${name}`} className="block font-medium">
              {t.form[name]}
            </label>
            <input type={type} autoComplete={autoComplete} {...form.register(name)} {...aria(`member-${name}`, name, name === "email" ? "member-email-help" : undefined)} className={inputClass} />
            {name === "email" && (
              <p id="member-email-help" className="mt-1 text-sm text-slate-700">
                {t.form.emailHelp}
              </p>
            )}
            {errorLine(`member-${name}`, name)}
          </div>
        ))}
        <div>
          <label htmlFor="member-birthdate" className="block font-medium">
            {t.form.birthdate}
          </label>
          <input type="date" {...form.register("birthdate", { setValueAs: (v: string | null) => (v ? v : null) })} {...aria("member-birthdate", "birthdate")} className={inputClass} />
          {errorLine("member-birthdate", "birthdate")}
        </div>
      </div>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">{t.form.memberships}</legend>
        {memberships.fields.map((field, index) => {
          const n = index + 1;
          const at = (name: string) => `memberships.${index}.${name}`;
          return (
            <fieldset key={field.id} className="grid gap-3 rounded-md border border-slate-200 p-3 md:grid-cols-5">
              <legend className="sr-only">{fill(t.form.membershipN, { n })}</legend>
              <div className="md:col-span-2">
                <label htmlFor={`ms-${index}-company`} className="block text-sm font-medium">
                  {t.member.company}
                </label>
                <select {...form.register(`memberships.${index}.company_id`)} {...aria(`ms-${index}-company`, at("company_id"))} className={inputClass}>
                  {!companyName.has(field.company_id) && field.company_id && <option value={field.company_id}>{field.company_id}</option>}
                  <option value="">{t.form.chooseCompany}</option>
                  {options.companies.map((c) => (
                    <option key={c.company_id} value={c.company_id}>
                      {c.name}
                    </option>
                  ))}
                </select>
                {errorLine(`ms-${index}-company`, at("company_id"))}
              </div>
              <div>
                <label htmlFor={`ms-${index}-period`} className="block text-sm font-medium">
                  {t.member.period}
                </label>
                <select {...form.register(`memberships.${index}.period_id`)} {...aria(`ms-${index}-period`, at("period_id"))} className={inputClass}>
                  <option value="">{t.form.choosePeriod}</option>
                  {options.periods.map((p) => (
                    <option key={p.id} value={String(p.id)}>
                      {p.name} ({companyName.get(p.company_id) ?? p.company_id})
                    </option>
                  ))}
                </select>
                {errorLine(`ms-${index}-period`, at("period_id"))}
              </div>
              <div>
                <label htmlFor={`ms-${index}-type`} className="block text-sm font-medium">
                  {t.member.memberType}
                </label>
                <select {...form.register(`memberships.${index}.member_type_id`, { setValueAs: (v: string | null) => (v ? v : null) })} {...aria(`ms-${index}-type`, at("member_type_id"))} className={inputClass}>
                  <option value="">{t.form.noType}</option>
                  {options.member_types.map((mt) => (
                    <option key={mt.id} value={String(mt.id)}>
                      {mt.name}
                    </option>
                  ))}
                </select>
                {errorLine(`ms-${index}-type`, at("member_type_id"))}
              </div>
              <div>
                <label htmlFor={`ms-${index}-status`} className="block text-sm font-medium">
                  {t.member.status}
                </label>
                <select {...form.register(`memberships.${index}.status`)} id={`ms-${index}-status`} className={inputClass}>
                  {MEMBERSHIP_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {t.common.statuses[s]}
                    </option>
                  ))}
                </select>
                <button type="button" className="mt-2 text-sm text-red-800 underline" onClick={() => memberships.remove(index)}>
                  {fill(t.form.removeMembership, { n })}
                </button>
              </div>
            </fieldset>
          );
        })}
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => memberships.append({ company_id: member?.company_id ?? form.getValues("company_id"), period_id: String(options.periods.find((p) => p.is_current)?.id ?? ""), member_type_id: null, status: "MEMBER" })}
        >
          {t.form.addMembership}
        </button>
      </fieldset>

      {options.property_groups.length > 0 && (
        <fieldset>
          <legend className="text-lg font-semibold">{t.form.properties}</legend>
          <div className="mt-2 grid gap-4 md:grid-cols-3">
            {options.property_groups.map((group) => (
              <div key={group.id}>
                <p className="font-medium">{group.name}</p>
                {group.properties.map((p) => (
                  <label key={p.prop_id} className="mt-1 flex items-center gap-2">
                    <input type="checkbox" value={String(p.prop_id)} {...form.register("prop_ids")} className="h-4 w-4" />
                    {p.name}
                  </label>
                ))}
              </div>
            ))}
          </div>
          {errorLine("member-prop_ids", "prop_ids")}
        </fieldset>
      )}

      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClass} disabled={save.isPending}>
          {save.isPending ? t.form.saving : member ? t.form.save : t.form.create}
        </button>
        {onDone && (
          <button type="button" className={secondaryButtonClass} onClick={onDone}>
            {t.common.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
