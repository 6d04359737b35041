/** The visible marker on a placeholder entry of content/ (only rendered where examples are on). */
export function ExampleMarker({ label, show, className = 'mt-2 inline-block' }: { label: string; show: boolean; className?: string }) {
  if (!show) return null;
  return (
    <span data-example="" className={`${className} rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold tracking-wide text-amber-900 uppercase`}>
      {label}
    </span>
  );
}
