import { config } from 'zod';

// The console's policy allows no eval: zod would probe for it (`Function('')`) on its first object
// schema and, although it catches the refusal, Chromium reports the probe as a CSP violation.
config({ jitless: true });
