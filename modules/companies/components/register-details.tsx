"use client";
// A company's register fields, read-only (they are changed with the operator CLI or the API).
import Link from "next/link";
import { companiesMessages } from "@/modules/companies/texts/companies";
import { useLang } from "@/components/admin/i18n-context";
import type { CompanyDetail } from "./types";
import { Panel } from "@/components/admin/ui/page-parts";

const linkClass = "text-blue-800 underline hover:text-blue-950";

export function RegisterDetails({ company }: { company: CompanyDetail }) {
  const t = companiesMessages(useLang()).company;
  const f = t.fields;
  const notSet = <span className="text-slate-600">{t.notSet}</span>;
  const lines = (...parts: (string | null | false)[]) => parts.filter((p): p is string => Boolean(p && p.trim()));
  const address = lines(
    company.street,
    company.co && `${t.careOf} ${company.co}`,
    lines(company.zipcode, company.post).join(" "),
  );
  const contact = lines(company.c_name, company.c_email, company.c_phone);
  const web = company.web?.trim();

  const rows: [string, React.ReactNode][] = [
    [f.org_number, company.org_number],
    [f.shortname, company.shortname || notSet],
    [
      f.parent,
      company.parent ? (
        company.parent.in_scope ? (
          <Link href={`/admin/companies/${company.parent.company_id}`} className={linkClass}>
            {company.parent.name}
          </Link>
        ) : (
          company.parent.name
        )
      ) : (
        notSet
      ),
    ],
    [
      f.address,
      address.length
        ? address.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))
        : notSet,
    ],
    [f.country, company.country || notSet],
    [
      f.email,
      company.email ? (
        <a href={`mailto:${company.email}`} className={`${linkClass} break-all`}>
          {company.email}
        </a>
      ) : (
        notSet
      ),
    ],
    [f.phone, company.phone || notSet],
    [f.landline, company.landline || notSet],
    [
      f.web,
      web ? (
        /^https?:\/\//i.test(web) ? (
          <a href={web} rel="noopener noreferrer" target="_blank" className={`${linkClass} break-all`}>
            {web}
          </a>
        ) : (
          web
        )
      ) : (
        notSet
      ),
    ],
    [
      f.contact,
      contact.length
        ? contact.map((line) => (
            <span key={line} className="block break-all">
              {line}
            </span>
          ))
        : notSet,
    ],
    [
      f.company_id,
      <code key="id" className="break-all text-sm">
        {company.company_id}
      </code>,
    ],
  ];

  return (
    <Panel id="register" title={t.registerHeading} spacing="">
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[minmax(0,12rem)_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="mb-2 text-slate-900 sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
