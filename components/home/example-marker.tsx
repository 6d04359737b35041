/** The visible marker on a placeholder entry of content/agency.ts (only rendered where examples are on). */
export function ExampleMarker({ label, show }: { label: string; show: boolean }) {
  if (!show) return null;
  return (
    <span data-example="" className="mt-2 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold tracking-wide text-amber-900 uppercase">
      {label}
    </span>
  );
}
