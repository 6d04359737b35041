import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url({ protocol: /^https?$/ }).optional());

const envSchema = z.object({
  SITE_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  BOOKING_URL: optionalUrl,
  WHATSAPP_NUMBER: z
    .string()
    .regex(/^\+?[0-9 ]{6,20}$/, 'WHATSAPP_NUMBER must be a phone number in international format')
    .default('+230 5712 3456'),
  OFFER_ENDS_AT: z.iso.datetime({ offset: true }).optional(),
  /** Reverse proxies in front of the app that each append the address they saw to X-Forwarded-For. */
  TRUSTED_PROXY_HOPS: z
    .string()
    .trim()
    .regex(/^[0-9]$/, 'TRUSTED_PROXY_HOPS must be a number of proxies from 0 to 9')
    .transform(Number)
    .default(1),
});

export type Env = z.infer<typeof envSchema>;

/** Reads and validates the deployer's overrides; a bad value stops the build with its name. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${details.join('; ')}`);
  }
  return parsed.data;
}

export const env = readEnv();
