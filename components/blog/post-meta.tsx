import { CalendarDays, Clock } from '@/components/ui/icons';
import { CategoryBadge } from './category-badge';

interface PostMetaProps {
  category: string;
  /** YYYY-MM-DD, for the machine-readable <time>. */
  date: string;
  dateLabel: string;
  readingTime: string;
}

/** Category badge, date in the page language and reading time, shared by cards and articles. */
export function PostMeta({ category, date, dateLabel, readingTime }: PostMetaProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
      <CategoryBadge label={category} />
      <span className="inline-flex items-center gap-1">
        <CalendarDays aria-hidden="true" className="size-4" />
        <time dateTime={date}>{dateLabel}</time>
      </span>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-4" />
        {readingTime}
      </span>
    </div>
  );
}
