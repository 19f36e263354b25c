// The options of a company picker: a first "choose" option, then the companies by name. The screens that work on one
// company at a time (events, sendouts, suppressed addresses) open with it.
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
