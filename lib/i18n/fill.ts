// Puts values into a text's {placeholders}; one a dictionary entry does not get stays as written, so a missing value
// shows in the page instead of vanishing. The values are inserted as they are (no `$&` replacement patterns).
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
