interface TagListProps {
  tags: string[];
  label?: string;
  className?: string;
}

/** Tags shown with a `#`, as the spec's article header does: plain text, not styled as links (they lead nowhere). */
export function TagList({ tags, label, className = '' }: TagListProps) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-x-3 gap-y-1 ${className}`}>
      {tags.map((tag) => (
        <li key={tag} className="text-sm text-slate-600">
          #{tag}
        </li>
      ))}
    </ul>
  );
}
