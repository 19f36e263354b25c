// A form's problem, announced to screen readers as it appears (hosted pages and dashboard alike).
export function ProblemAlert({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
      {children}
    </p>
  );
}
