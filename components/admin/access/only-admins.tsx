// What a signed-in EDITOR or VIEWER sees on the access screens instead of them.
export function OnlyAdmins({ text }: { text: string }) {
  return (
    <p role="alert" data-testid="only-admins" className="rounded-md border border-amber-700 bg-amber-50 p-4 text-amber-950">
      {text}
    </p>
  );
}
