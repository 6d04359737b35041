import { createRateLimiter } from '@/lib/api/rate-limit';

/** Pages one dossier may send per hour, keyed on the dossier the session cookie names (never on what the client says). */
export const uploadsPerDossierLimiter = createRateLimiter({ name: 'dossier-uploads', limit: 120, windowMs: 3_600_000 });
