import { withOperator } from '@/lib/auth/operator-session';

/**
 * An open console calls this every few minutes: the session stays alive while a console is open
 * (each request counts), and ends SESSION_IDLE_MINUTES after the last one is closed.
 */
export const POST = withOperator(async () => new Response(null, { status: 204 }));
