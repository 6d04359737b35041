import 'server-only';
import { sealData, unsealData } from 'iron-session';
import type { cookies } from 'next/headers';
import { getSessionSecret } from './session-secret';

/**
 * A browser an operator has signed in from with every factor: a sealed cookie (operator id, when)
 * that lets its logins through the lane and limits strangers cannot fill (lib/auth/login-guard.ts),
 * "device cookies" as OWASP describes them. It opens nothing by itself: the password and the
 * second factor are asked as always. A password change forgets every device.
 */
export const DEVICE_COOKIE = 'operator_device';
export const SECURE_DEVICE_COOKIE = `__Host-${DEVICE_COOKIE}`;
const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;

type CookieStore = Awaited<ReturnType<typeof cookies>>;
export type KnownDevice = { operatorId: number; issuedAt: number };

/** The device the request's cookie names, or null (none, forged, expired); `store`: Next's cookies(), or a NextRequest's. */
export async function readKnownDevice(store: Pick<CookieStore, 'get'>): Promise<KnownDevice | null> {
  const sealed = store.get(SECURE_DEVICE_COOKIE)?.value ?? store.get(DEVICE_COOKIE)?.value;
  if (!sealed) return null;
  try {
    const data = await unsealData<{ o?: unknown; t?: unknown }>(sealed, { password: getSessionSecret(), ttl: DEVICE_TTL_SECONDS });
    return typeof data.o === 'number' && typeof data.t === 'number' ? { operatorId: data.o, issuedAt: data.t } : null;
  } catch {
    return null;
  }
}

export async function rememberDevice(store: CookieStore, { operatorId, secure }: { operatorId: number; secure: boolean }): Promise<void> {
  const sealed = await sealData({ o: operatorId, t: Date.now() }, { password: getSessionSecret(), ttl: DEVICE_TTL_SECONDS });
  store.set(secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE, sealed, { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: DEVICE_TTL_SECONDS });
}

/** The device counts for this account only, and only if it signed in after the last password change. */
export function isKnownDevice(device: KnownDevice | null, operator: { id: number; passwordChangedAt: Date | null } | null): boolean {
  if (!device || !operator || device.operatorId !== operator.id) return false;
  return !operator.passwordChangedAt || device.issuedAt > operator.passwordChangedAt.getTime();
}
