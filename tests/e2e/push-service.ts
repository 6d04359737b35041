import { createECDH, createPublicKey, hkdfSync, randomBytes, createDecipheriv, verify as verifySignature, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A push service on loopback that speaks the real protocol, written from the RFCs with node:crypto
// only (never with the library the server sends with): it takes RFC 8030 POSTs, checks the RFC 8292
// VAPID JWT (ES256 signature against the VAPID public key, `aud` = the endpoint's origin, `exp` to
// come) and decrypts the RFC 8291 `aes128gcm` body with the subscription's private key. Each
// device's answers can be scripted (429 with Retry-After, 503, 410…) to prove retries and removal.

const b64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString('base64url');

export type Answer = { status: number; retryAfter?: string };

export type Delivery = {
  device: string;
  /** performance.now() when the request's headers arrived. */
  at: number;
  status: number;
  payload: { title: string; body: string; url: string; tag: string };
  ttl: number;
  urgency: string | null;
  claims: { aud: string; exp: number; sub: string };
};

type Device = { id: string; ecdh: ReturnType<typeof createECDH>; auth: Buffer; answers: Answer[] };

function vapidKey(publicKey: string): KeyObject {
  const raw = Buffer.from(publicKey, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('the VAPID public key is not an uncompressed P-256 point');
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) }, format: 'jwk' });
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; throws on any mismatch. */
function checkVapid(header: string | undefined, { publicKey, origin }: { publicKey: string; origin: string }) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Authorization is not "vapid t=…, k=…": ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== publicKey) throw new Error('k is not the server’s VAPID public key');
  const [head, body, signature] = jwt.split('.');
  if (!head || !body || !signature) throw new Error('the JWT does not have three parts');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string; typ?: string };
  if (header_.alg !== 'ES256') throw new Error(`JWT alg ${header_.alg}`);
  const signed = verifySignature(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: vapidKey(publicKey), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the JWT signature does not verify against the VAPID public key');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Delivery['claims'];
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`exp ${claims.exp} is not within the next 24 hours`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`sub ${claims.sub} is not mailto: or https:`);
  return claims;
}

/** RFC 8291 + RFC 8188: the aes128gcm body decrypted with the user agent's private key and auth secret. */
export function decryptAes128gcm(body: Buffer, { ecdh, auth }: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65) throw new Error(`keyid of ${idLength} bytes, expected the 65-byte application server key`);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error('more than one record');
  const secret = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end);
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export async function startPushService({ vapidPublicKey }: { vapidPublicKey: string }) {
  const devices = new Map<string, Device>();
  const deliveries: Delivery[] = [];
  /** Requests refused because they broke the protocol: a test expects none. */
  const errors: string[] = [];
  let origin = '';

  const server: Server = createServer((request, response) => {
    const at = performance.now();
    void (async () => {
      const body = await readBody(request);
      const id = /^\/push\/([a-z0-9]+)$/.exec(request.url ?? '')?.[1];
      const device = id ? devices.get(id) : undefined;
      if (request.method !== 'POST' || !device) {
        response.writeHead(404).end();
        return;
      }
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding ${request.headers['content-encoding']}`);
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error(`TTL ${request.headers.ttl}`);
        const claims = checkVapid(request.headers.authorization, { publicKey: vapidPublicKey, origin });
        const payload = JSON.parse(decryptAes128gcm(body, device).toString('utf8')) as Delivery['payload'];
        const answer = device.answers.shift() ?? { status: 201 };
        deliveries.push({ device: device.id, at, status: answer.status, payload, ttl, urgency: (request.headers.urgency as string) ?? null, claims });
        response.writeHead(answer.status, answer.retryAfter ? { 'Retry-After': answer.retryAfter } : {}).end();
      } catch (error) {
        errors.push(`${device.id}: ${(error as Error).message}`);
        response.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    deliveries,
    errors,
    /** A browser's subscription on this service: PushSubscription.toJSON()'s shape, its private key kept here. */
    subscribe() {
      const id = randomBytes(6).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const device: Device = { id, ecdh, auth: randomBytes(16), answers: [] };
      devices.set(id, device);
      return { id, json: { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(device.auth) } } };
    },
    /** The next answers of a device (then 201 again). */
    answer(deviceId: string, ...answers: Answer[]) {
      devices.get(deviceId)!.answers.push(...answers);
    },
    /** The successful deliveries matching `filter`. */
    received(filter: (delivery: Delivery) => boolean = () => true) {
      return deliveries.filter((delivery) => delivery.status >= 200 && delivery.status < 300 && filter(delivery));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
