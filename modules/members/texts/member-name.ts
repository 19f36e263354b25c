// How every screen names a person: first and last name, or the screen's own word for someone without a name.
export function memberName(m: { firstname: string | null; lastname: string | null }, fallback: string): string {
  return [m.firstname, m.lastname].filter(Boolean).join(" ") || fallback;
}
