export function CategoryBadge({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center rounded-full bg-ocean-50 px-3 py-1 text-xs font-semibold tracking-wide text-ocean-800 uppercase">{label}</span>
  );
}
