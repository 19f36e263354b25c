// Who runs a hosted form's list: the organization's name and, where the register has them, its email and website,
// so a visitor knows whom they give their address to.
import { fill } from "@/lib/i18n/fill";
import type { Messages } from "@/modules/lists/texts/public-pages";

interface Organization {
  name: string;
  email: string | null;
  web: string | null;
}

/** The register's website as a link target: http(s) only ("klubben.se" is read as https://klubben.se); else none. */
function websiteHref(web: string): string | null {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(web) ? web : `https://${web}`);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

const linkClass = "text-blue-800 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700";

export function SenderNote({ organization, t }: { organization: Organization; t: Messages }) {
  const href = organization.web ? websiteHref(organization.web) : null;
  const email = organization.email && /^[^\s@]+@[^\s@]+$/.test(organization.email) ? organization.email : null;
  return (
    <section aria-labelledby="sender-heading" className="mt-8 border-t border-slate-200 pt-4 text-sm text-slate-700 wrap-anywhere">
      <h2 id="sender-heading" className="font-medium text-slate-900">
        {t.sender}
      </h2>
      <p className="mt-1">{fill(t.senderBody, { organization: organization.name })}</p>
      {(email || href) && (
        <p className="mt-1">
          {t.senderContact}:{" "}
          {email && (
            <a href={`mailto:${email}`} className={linkClass}>
              {email}
            </a>
          )}
          {email && href && " · "}
          {href && (
            <a href={href} className={linkClass} rel="noopener noreferrer">
              {organization.web!.replace(/^https?:\/\//i, "").replace(/\/$/, "")}
            </a>
          )}
        </p>
      )}
    </section>
  );
}
