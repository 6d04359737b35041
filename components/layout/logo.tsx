import { SITE } from '@/lib/site';

export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-9" role="img">
        <circle cx="16" cy="16" r="16" fill="#0b5d75" />
        <path d="M5 20c4-3 7-3 11 0s7 3 11 0v4c-4 3-7 3-11 0s-7-3-11 0z" fill="#5fd0e0" />
        <circle cx="21" cy="11" r="4" fill="#f6b73c" />
      </svg>
      <span className="text-lg font-bold tracking-tight text-ocean-900">{SITE.name}</span>
    </span>
  );
}
