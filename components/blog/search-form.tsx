import { Search } from '@/components/ui/icons';
import type { Category } from '@/lib/content/categories';
import { MAX_QUERY_LENGTH } from '@/lib/blog/constants';

interface SearchFormProps {
  action: string;
  q: string;
  category?: Category;
  label: string;
  placeholder: string;
  button: string;
}

/** A GET form: the server filters `?q=`, with or without JavaScript. */
export function SearchForm({ action, q, category, label, placeholder, button }: SearchFormProps) {
  return (
    <form method="get" action={action} role="search" className="mt-6 flex max-w-xl gap-2">
      <label htmlFor="blog-search" className="sr-only">
        {label}
      </label>
      <input
        id="blog-search"
        type="search"
        name="q"
        defaultValue={q}
        maxLength={MAX_QUERY_LENGTH}
        placeholder={placeholder}
        className="min-h-12 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-4 text-base text-slate-900 placeholder:text-slate-500"
      />
      {category && <input type="hidden" name="category" value={category} />}
      <button
        type="submit"
        className="inline-flex min-h-12 min-w-12 shrink-0 items-center justify-center gap-2 rounded-lg bg-ocean-700 px-3 font-semibold text-white hover:bg-ocean-800 sm:px-5"
      >
        <Search aria-hidden="true" className="size-4" />
        {/* Phones show the icon only, so the field keeps room for its whole placeholder. */}
        <span className="sr-only sm:not-sr-only">{button}</span>
      </button>
    </form>
  );
}
