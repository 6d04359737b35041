import { ViewProblem } from '@/components/admin/shell/view-problem';

/** A conversation, person or request that does not exist (any more: erased, merged, purged). */
export default function ConsoleNotFound() {
  return <ViewProblem kind="missing" />;
}
