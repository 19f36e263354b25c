"use client";
// The company picker of the screens that work on one company at a time (events, sendouts, suppressed addresses,
// webhooks): a first "choose" option, then the companies by name; choosing one opens the screen on it (?company_id=).
import { useRouter } from "next/navigation";
import { SelectField } from "@/components/ui/field";

export function CompanyOptions({ companies, placeholder }: { companies: { company_id: string; name: string }[]; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {companies.map((c) => (
        <option key={c.company_id} value={c.company_id}>
          {c.name}
        </option>
      ))}
    </>
  );
}

export function CompanyPicker({ id, label, placeholder, companies, companyId }: {
  id: string;
  label: string;
  placeholder: string;
  companies: { company_id: string; name: string }[];
  companyId: string;
}) {
  const router = useRouter();
  return (
    <SelectField
      id={id}
      label={label}
      value={companyId}
      onChange={(e) => router.push(e.target.value ? `?company_id=${encodeURIComponent(e.target.value)}` : "?")}
      className="w-full max-w-md"
    >
      <CompanyOptions companies={companies} placeholder={placeholder} />
    </SelectField>
  );
}
