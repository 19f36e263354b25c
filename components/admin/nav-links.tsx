"use client";
// The dashboard's main menu: the overview, then the sections in named groups (communication, membership,
// organization, settings), so that it keeps its shape as sections are added (activities, fees). Each group is a list
// named by its heading, which screen readers announce with the list ("Kommunikation, lista, 4 objekt") and let one
// jump between; the links are plain links in reading order, so the keyboard goes through them as they stand. The
// current section is marked for screen readers (aria-current) and by colour. Beside the page at laptop width; above
// it, in columns, at tablet and phone width.
import Link from "next/link";
import { usePathname } from "next/navigation";

export interface NavLink {
  href: string;
  label: string;
}

export interface NavGroup {
  id: string;
  label: string;
  links: NavLink[];
}

function NavItem({ link, current }: { link: NavLink; current: boolean }) {
  return (
    <li>
      <Link
        href={link.href}
        aria-current={current ? "page" : undefined}
        className={`block rounded-md px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 ${
          current ? "bg-blue-800 text-white" : "text-slate-800 hover:bg-slate-200"
        }`}
      >
        {link.label}
      </Link>
    </li>
  );
}

export function NavLinks({ home, groups, label }: { home: NavLink; groups: NavGroup[]; label: string }) {
  const pathname = usePathname();
  const isCurrent = (href: string) =>
    href === home.href ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
  return (
    <nav aria-label={label}>
      <ul className="mb-2">
        <NavItem link={home} current={isCurrent(home.href)} />
      </ul>
      <div className="grid grid-cols-2 gap-x-4 gap-y-3 md:grid-cols-4 lg:grid-cols-1">
        {groups
          .filter((group) => group.links.length > 0)
          .map((group) => (
            <div key={group.id}>
              <h2
                id={`nav-${group.id}`}
                className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600"
              >
                {group.label}
              </h2>
              <ul aria-labelledby={`nav-${group.id}`} className="space-y-0.5">
                {group.links.map((link) => (
                  <NavItem key={link.href} link={link} current={isCurrent(link.href)} />
                ))}
              </ul>
            </div>
          ))}
      </div>
    </nav>
  );
}
