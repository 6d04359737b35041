interface TagListProps {
  tags: string[];
  label?: string;
  className?: string;
}

/** Tags shown with a `#`, as the spec's article header does. */
export function TagList({ tags, label, className = '' }: TagListProps) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-2 ${className}`}>
      {tags.map((tag) => (
        <li key={tag} className="rounded-md bg-sand-100 px-2 py-1 text-sm text-slate-700">
          #{tag}
        </li>
      ))}
    </ul>
  );
}
