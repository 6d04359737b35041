// A stand-in for lib/auth/operator-session in route tests: always an operator. The guard itself is
// covered by tests/unit/auth and the e2e 401 checks. Use: vi.mock('@/lib/auth/operator-session', () => import('<this file>')).
export const withOperator =
  (handler: (args: { request: Request; operator: unknown; params: unknown }) => Promise<Response>) =>
  async (request: Request, context: { params: Promise<unknown> }) =>
    handler({ request, operator: { id: 'test', email: 'op@example.com' }, params: await context.params });
