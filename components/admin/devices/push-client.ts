import { unwrap } from '@/components/admin/shell/action-result';
import { ApiError, fetchApi } from '@/lib/api/api-error';
import type { PushDeviceDto } from '@/lib/push/queries';
import { hideMessageText, removeOwnDevice, renameOwnDevice, saveDevice, sendTestPush } from './actions';

export type { PushDeviceDto };
export type PushState = { publicKey: string; hideText: boolean; devices: PushDeviceDto[]; maxDevices: number };
/** Why this browser cannot subscribe: each has its French explanation in AdminConsole.push. */
export type PushProblem = 'unsupported' | 'noServiceWorker' | 'denied' | 'dismissed' | 'subscribeFailed' | 'tooMany';

export class PushSetupError extends Error {
  constructor(readonly problem: PushProblem) {
    super(problem);
    this.name = 'PushSetupError';
  }
}

const SCOPE = '/admin/';
const WORKER = '/admin/sw.js';
/** The view's state is read from the API; every change is a server action (./actions.ts). */
export const pushApi = {
  state: async () => (await (await fetchApi('/api/admin/push')).json()) as PushState,
  setHideText: (hideText: boolean) => unwrap(hideMessageText(hideText)),
  save: (subscription: PushSubscriptionJSON, existingOnly = false) => unwrap(saveDevice(subscription, existingOnly)),
  rename: (id: number, name: string) => unwrap(renameOwnDevice(id, name)),
  remove: (id: number) => unwrap(removeOwnDevice(id)),
  test: async () => ({ devices: await unwrap(sendTestPush()) }),
};

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const bytes = new Uint8Array(a);
  return bytes.length === b.length && bytes.every((value, index) => value === b[index]);
}

/** The console's service worker (registered by the console itself; registering it again is harmless). */
async function registration({ register }: { register: boolean }): Promise<ServiceWorkerRegistration | null> {
  const existing = await navigator.serviceWorker.getRegistration(SCOPE);
  if (existing || !register) return existing ?? null;
  try {
    await navigator.serviceWorker.register(WORKER, { scope: SCOPE });
  } catch {
    throw new PushSetupError('noServiceWorker');
  }
  // pushManager.subscribe() needs an active worker.
  const ready = await Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000))]);
  if (!ready) throw new PushSetupError('noServiceWorker');
  return ready;
}

/** This browser's current subscription, if any (no prompt, no registration). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported() || Notification.permission !== 'granted') return null;
  const found = await registration({ register: false }).catch(() => null);
  return (await found?.pushManager.getSubscription().catch(() => null)) ?? null;
}

/**
 * "Recevoir les notifications sur cet appareil": asks the permission, subscribes with the
 * server's key (a subscription made for another key is replaced) and stores it on the server.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushDeviceDto> {
  if (!pushSupported()) throw new PushSetupError('unsupported');
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError('denied');
  if (permission !== 'granted') throw new PushSetupError('dismissed');
  const worker = await registration({ register: true });
  if (!worker) throw new PushSetupError('noServiceWorker');
  const key = keyBytes(publicKey);
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch {
    throw new PushSetupError('subscribeFailed');
  }
  try {
    return await pushApi.save(subscription.toJSON());
  } catch (error) {
    if (error instanceof ApiError && error.code === 'too_many_devices') throw new PushSetupError('tooMany');
    throw error;
  }
}

/** Links this browser's subscription to the current session again; null (and unsubscribed) when the server no longer has it. */
export async function relinkThisDevice(): Promise<PushDeviceDto | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  try {
    return await pushApi.save(subscription.toJSON(), true);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) await subscription.unsubscribe().catch(() => undefined);
    else throw error;
    return null;
  }
}

/** Stops this browser's subscription (after its device was removed, or at logout). */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => undefined);
}
