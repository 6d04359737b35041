'use client';

import { ViewProblem } from '@/components/admin/shell/view-problem';

/** A view the server could not render (the database down): said in the console, with a retry; the header stays. */
export default function ConsoleError({ reset }: { error: Error; reset: () => void }) {
  return <ViewProblem kind="failed" onRetry={reset} />;
}
