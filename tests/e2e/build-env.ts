/**
 * Settings the browser suite's build is made with (`npm run build:test`), and its server started
 * with. A booking address under `.test` never resolves: the tests answer for it with `page.route`.
 */
export const E2E_BUILD_ENV = {
  BOOKING_URL: 'https://booking.example.test/30min',
} as const;
