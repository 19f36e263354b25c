// The note a VIEWER sees on every list screen: the controls that would change something are not there.
export function ReadOnlyNote({ text }: { text: string }) {
  return <p className="mb-4 rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-950">{text}</p>;
}
