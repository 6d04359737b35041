import { ViewProblem } from '@/components/admin/shell/view-problem';

/** A view only an admin may open, asked for by an agent (lib/auth/role-guard.ts): answered 403. */
export default function ConsoleForbidden() {
  return <ViewProblem kind="forbidden" />;
}
