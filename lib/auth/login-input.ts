import { z } from 'zod';

/** What a login posts (app/api/admin/login/route.ts), as the login gate reads it too (login-gate.ts). */
export const loginSchema = z.object({
  // No control characters: no account has one, and PostgreSQL refuses a NUL in a text parameter
  // (found by `npm run fuzz`: a 503 instead of a 400).
  email: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .regex(/^\P{Cc}*$/u),
  password: z.string().min(1).max(1024),
});
