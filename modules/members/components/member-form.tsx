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
import { membersMessages } from "@/modules/members/texts/members";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { CreateMemberRequest, MEMBERSHIP_STATUSES, UpdateMemberRequest } from "@/modules/members/schemas/member";
import { GENDERS } from "@/modules/members/schemas/report-fields";
import { failureText } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { CheckboxField, FieldErrorLine, SelectField, TextField } from "@/components/ui/field";
import { buttonClass, secondaryButtonClass } from "@/components/admin/ui/styles";
import { memberName } from "../texts/member-name";
import { type Member, type MemberActions, type MemberOptions } from "./types";

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
  gender: string | null;
  disability: boolean;
  personal_number?: string;
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

const emptyIsNull = (v: string | null) => (v ? v : null);

/** The selects hold ids as text; the API's schema takes numbers and never coerces, so the form turns them first. */
const idOf = (id: string | number) => (typeof id === "string" && /^[0-9]{1,10}$/.test(id) ? Number(id) : id);

function requestBody(values: Values) {
  return {
    ...values,
    // Not marked is null, as the API keeps it: an unticked box over a member who was never marked changes nothing.
    disability: values.disability ? true : null,
    memberships: values.memberships.map((m) => ({
      ...m,
      period_id: idOf(m.period_id),
      member_type_id: m.member_type_id ? idOf(m.member_type_id) : null,
    })),
    prop_ids: values.prop_ids.map(idOf),
  };
}

function valuesOf(member: Member | null, personalNumber: boolean): Values {
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
    gender: member?.gender ?? null,
    disability: member?.disability === true,
    // Only a caller who may write it sends the field at all: for the others it stays as it is.
    ...(personalNumber ? { personal_number: member?.personal_number ?? "" } : {}),
    memberships: (member?.memberships ?? []).map((m) => ({
      company_id: m.company_id,
      period_id: String(m.period_id),
      member_type_id: m.member_type_id ? String(m.member_type_id) : null,
      status: m.status,
    })),
    prop_ids: (member?.properties ?? []).map((p) => String(p.prop_id)),
  };
}

export function MemberForm({
  member,
  options,
  actions,
  onDone,
}: {
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
    resolver: keyedZodResolver(
      z.preprocess((values: unknown) => requestBody(values as Values), schema) as never,
    ) as never,
    defaultValues: valuesOf(member, options.personal_number),
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
    const error = path
      .split(".")
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
      FieldError | undefined;
    if (!error?.message) return undefined;
    return error.type === "business"
      ? error.message
      : fieldErrorText(lang, path.split(".").pop()!, error.type, error.message);
  };
  const companyName = new Map(options.companies.map((c) => [c.company_id, c.name]));
  const companyOptions = options.companies.map((c) => (
    <option key={c.company_id} value={c.company_id}>
      {c.name}
    </option>
  ));

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="space-y-6"
      aria-label={member ? fill(t.form.editTitle, { name: memberName(member, t.search.noName) }) : t.form.newTitle}
    >
      {!member && (
        <SelectField
          id="member-company_id"
          label={t.form.company}
          error={errorAt("company_id")}
          className="max-w-md"
          {...form.register("company_id")}
        >
          <option value="">{t.form.chooseCompany}</option>
          {companyOptions}
        </SelectField>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        {TEXT_FIELDS.map(([name, type, autoComplete]) => (
          <TextField
            key={name}
            id={`member-${name}`}
            label={t.form[name]}
            type={type}
            autoComplete={autoComplete}
            help={name === "email" ? t.form.emailHelp : undefined}
            error={errorAt(name)}
            {...form.register(name)}
          />
        ))}
        <TextField
          id="member-birthdate"
          label={t.form.birthdate}
          type="date"
          error={errorAt("birthdate")}
          {...form.register("birthdate", { setValueAs: emptyIsNull })}
        />
      </div>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">{t.form.grantTitle}</legend>
        <p className="text-sm text-slate-700">{t.form.grantHelp}</p>
        <div className="grid gap-4 md:grid-cols-2">
          <SelectField
            id="member-gender"
            label={t.form.gender}
            error={errorAt("gender")}
            {...form.register("gender", { setValueAs: emptyIsNull })}
          >
            <option value="">{t.form.noGender}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {t.form.genders[g]}
              </option>
            ))}
          </SelectField>
          {options.personal_number && (
            <TextField
              id="member-personal_number"
              label={t.form.personalNumber}
              help={t.form.personalNumberHelp}
              autoComplete="off"
              inputMode="numeric"
              error={errorAt("personal_number")}
              {...form.register("personal_number")}
            />
          )}
        </div>
        <CheckboxField label={t.form.disability} className="flex items-start gap-2" {...form.register("disability")} />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">{t.form.memberships}</legend>
        {memberships.fields.map((field, index) => {
          const n = index + 1;
          const at = (name: string) => `memberships.${index}.${name}`;
          return (
            <fieldset key={field.id} className="grid gap-3 rounded-md border border-slate-200 p-3 md:grid-cols-5">
              <legend className="sr-only">{fill(t.form.membershipN, { n })}</legend>
              <SelectField
                id={`ms-${index}-company`}
                label={t.member.company}
                dense
                error={errorAt(at("company_id"))}
                className="md:col-span-2"
                {...form.register(`memberships.${index}.company_id`)}
              >
                {!companyName.has(field.company_id) && field.company_id && (
                  <option value={field.company_id}>{field.company_id}</option>
                )}
                <option value="">{t.form.chooseCompany}</option>
                {companyOptions}
              </SelectField>
              <SelectField
                id={`ms-${index}-period`}
                label={t.member.period}
                dense
                error={errorAt(at("period_id"))}
                {...form.register(`memberships.${index}.period_id`)}
              >
                <option value="">{t.form.choosePeriod}</option>
                {options.periods.map((p) => (
                  <option key={p.id} value={String(p.id)}>
                    {p.name} ({companyName.get(p.company_id) ?? p.company_id})
                  </option>
                ))}
              </SelectField>
              <SelectField
                id={`ms-${index}-type`}
                label={t.member.memberType}
                dense
                error={errorAt(at("member_type_id"))}
                {...form.register(`memberships.${index}.member_type_id`, { setValueAs: emptyIsNull })}
              >
                <option value="">{t.form.noType}</option>
                {options.member_types.map((mt) => (
                  <option key={mt.id} value={String(mt.id)}>
                    {mt.name}
                  </option>
                ))}
              </SelectField>
              <div>
                <SelectField
                  id={`ms-${index}-status`}
                  label={t.member.status}
                  dense
                  {...form.register(`memberships.${index}.status`)}
                >
                  {MEMBERSHIP_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {t.common.statuses[s]}
                    </option>
                  ))}
                </SelectField>
                <button
                  type="button"
                  className="mt-2 text-sm text-red-800 underline"
                  onClick={() => memberships.remove(index)}
                >
                  {fill(t.form.removeMembership, { n })}
                </button>
              </div>
            </fieldset>
          );
        })}
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() =>
            memberships.append({
              company_id: member?.company_id ?? form.getValues("company_id"),
              period_id: String(options.periods.find((p) => p.is_current)?.id ?? ""),
              member_type_id: null,
              status: "MEMBER",
            })
          }
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
                  <CheckboxField
                    key={p.prop_id}
                    label={p.name}
                    className="mt-1 flex items-start gap-2"
                    value={String(p.prop_id)}
                    {...form.register("prop_ids")}
                  />
                ))}
              </div>
            ))}
          </div>
          <FieldErrorLine id="member-prop_ids" error={errorAt("prop_ids")} />
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
