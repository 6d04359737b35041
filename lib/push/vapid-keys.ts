import 'server-only';
import { createECDH } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrivateFileError, createPrivateFileOnce, readPrivateFile } from '@/lib/auth/private-file';
import { config, vapidPublicKeyOf } from '@/lib/config';
import { parseAddress } from '@/lib/email-address';

export const VAPID_KEYS_FILE = 'vapid-keys.json';

export type VapidKeys = { publicKey: string; privateKey: string };

function parseKeys(text: string, file: string): VapidKeys {
  let keys: Partial<VapidKeys> = {};
  try {
    keys = JSON.parse(text) as Partial<VapidKeys>;
  } catch {
    // reported below
  }
  if (typeof keys.privateKey !== 'string' || typeof keys.publicKey !== 'string' || vapidPublicKeyOf(keys.privateKey) !== keys.publicKey) {
    throw new PrivateFileError(
      `${file} does not hold a VAPID key pair ({"publicKey","privateKey"}): delete it to have one generated (devices then subscribe again).`,
    );
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set (lib/config.ts checked they are a pair);
 * otherwise a pair generated once into DATA_DIR/vapid-keys.json (mode 0600), like the session
 * secret. Devices subscribe to one public key: instances that share a database must share the pair.
 */
export function resolveVapidKeys({ configured, dataDir }: { configured?: VapidKeys; dataDir: string }): VapidKeys {
  if (configured) return configured;
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  const check = (text: string) => (parseKeys(text, file), text);
  try {
    return parseKeys(readPrivateFile(file, check), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const generated = generateVapidKeys();
  return parseKeys(createPrivateFileOnce(file, JSON.stringify(generated), check), file);
}

/**
 * A new P-256 pair as web-push and browsers take it (base64url: the 65-byte uncompressed public
 * point, the 32-byte private scalar). node:crypto, not web-push, which then loads only with the
 * first push: a server nobody subscribed to never holds it.
 */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // A scalar with leading zero bytes comes back shorter: padded to its 32 bytes.
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  };
}

let cached: VapidKeys | undefined;

export function getVapidKeys(): VapidKeys {
  cached ??= resolveVapidKeys({ configured: config.push.vapidKeys, dataDir: config.database.dataDir });
  return cached;
}

/**
 * Who push services may write to about our pushes (RFC 8292 `sub`): the operators' notification
 * address, else the sender's, else the first operator's, else the site's https address.
 */
export function vapidSubject({ notify, operator, siteUrl }: Pick<typeof config, 'notify' | 'operator' | 'siteUrl'> = config): string {
  const address = [notify.emailTo?.[0], notify.emailFrom, operator?.email].map((value) => (value ? parseAddress(value)?.address : undefined)).find(Boolean);
  if (address) return `mailto:${address}`;
  if (siteUrl.startsWith('https://')) return siteUrl;
  return `mailto:no-reply@${new URL(siteUrl).hostname}`;
}
