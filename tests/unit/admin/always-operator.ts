// Stands in for lib/auth/operator-session in route tests: every request is an operator's. The
// guard itself is covered by tests/unit/auth and the e2e 401 and cross-origin checks.
export const withOperator =
  (handler: (args: { request: Request; operator: unknown; params: unknown }) => Promise<Response>) =>
  async (request: Request, context: { params: Promise<unknown> }) =>
    handler({ request, operator: { id: 'test', operatorId: 1, email: 'op@example.com' }, params: await context.params });

/** The server actions' check: always the same operator. */
export const getCurrentOperator = async () => ({ id: 'test', operatorId: 1, email: 'op@example.com' });
