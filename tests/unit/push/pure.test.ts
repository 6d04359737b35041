import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { cleanDeviceName, deviceNameFromUserAgent } from '@/lib/push/device-name';
import { checkEndpoint, isPublicAddress } from '@/lib/push/endpoint';
import { formatPush, type PushEvent } from '@/lib/push/payload';
import { parseRetryAfter } from '@/lib/push/transport';

describe('push endpoints', () => {
  it('accepts the push services’ https endpoints', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx0',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect(checkEndpoint(endpoint).ok, endpoint).toBe(true);
    }
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', 'not https'],
    ['https://127.0.0.1/x', 'not a public address'],
    ['https://10.0.0.5/x', 'not a public address'],
    ['https://[::1]/x', 'not a public address'],
    ['https://[::ffff:192.168.1.1]/x', 'not a public address'],
    ['https://169.254.169.254/latest/meta-data', 'not a public address'],
    ['https://localhost/x', 'not a public host name'],
    ['https://metadata/x', 'not a public host name'],
    ['https://push.example.test/x', 'not a public host name'],
    ['https://db.internal/x', 'not a public host name'],
    ['https://user:pw@fcm.googleapis.com/x', 'credentials in the URL'],
    ['javascript:alert(1)', 'not https'],
    ['not a url', 'not a URL'],
    [`https://fcm.googleapis.com/${'a'.repeat(1024)}`, 'longer than 1024 characters'],
  ])('refuses %s (%s)', (endpoint, reason) => {
    expect(checkEndpoint(endpoint)).toEqual({ ok: false, reason });
  });

  it('accepts loopback over http only when PUSH_ALLOW_LOOPBACK allows it', () => {
    expect(checkEndpoint('http://127.0.0.1:4000/push/a').ok).toBe(false);
    expect(checkEndpoint('http://127.0.0.1:4000/push/a', { allowLoopback: true }).ok).toBe(true);
    expect(checkEndpoint('http://localhost:4000/push/a', { allowLoopback: true }).ok).toBe(true);
    expect(checkEndpoint('http://10.0.0.1/push/a', { allowLoopback: true }).ok).toBe(false);
  });

  it('tells public addresses from private, loopback, link-local and reserved ones', () => {
    expect(['8.8.8.8', '142.250.74.10', '2a00:1450:4007:80c::200a'].every(isPublicAddress)).toBe(true);
    expect(
      ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.0.1', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', 'nope'].some(
        isPublicAddress,
      ),
    ).toBe(false);
  });

  it('refuses the ranges that carry an IPv4 address inside: NAT64, 6to4 and Teredo', () => {
    // 10.0.0.1 and 127.0.0.1 embedded in each, and a public address embedded too: refused whole.
    for (const address of [
      '64:ff9b::a00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::808:808',
      '2002:a00:1::1',
      '2002:7f00:1::',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:f5ff:fffe',
      '2001::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
      expect(checkEndpoint(`https://[${address}]/push/a`).ok, address).toBe(false);
    }
    // Their neighbours stay public: 2001:4860::/32 (Google), 2003::/16, 64:ff9b:0:0:1::.
    for (const address of ['2001:4860:4860::8888', '2003:e0::1', '2001:200::1', '64:ff9b:0:0:1::1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe('device names', () => {
  it('names a device after its browser and system', () => {
    expect(deviceNameFromUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36')).toBe(
      'Chrome · Android',
    );
    expect(
      deviceNameFromUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iPhone');
    expect(
      deviceNameFromUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0'),
    ).toBe('Edge · Windows');
    expect(deviceNameFromUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0')).toBe('Firefox · Mac');
    expect(deviceNameFromUserAgent(null)).toBe('Appareil');
  });

  it('keeps a name on one line, trimmed, at most 60 characters', () => {
    expect(cleanDeviceName('  Téléphone\n de Marie\t ')).toBe('Téléphone de Marie');
    expect(cleanDeviceName(' \n ')).toBeNull();
    expect([...cleanDeviceName('é'.repeat(80))!]).toHaveLength(60);
  });
});

describe('push payloads', () => {
  const events: PushEvent[] = [
    { kind: 'conversation', sessionId: 'session_1_ab', messageId: 4, who: 'Visiteur · Allemand', text: 'Guten Tag,\nich suche ein Haus' },
    { kind: 'unread', sessionId: 'session_1_ab', lastMessageId: 9, count: 3, who: 'Visiteur · Allemand', text: 'Hallo?' },
    { kind: 'lead', leadId: 12, personKey: 'email:anna@example.com', source: 'contact', who: 'Anna Weber', text: 'Bitte rufen Sie mich an' },
    { kind: 'follow_up', personKey: 'chat:session_1_ab', dueAt: '2026-12-01T05:00:00.000Z', who: 'Visiteur · Allemand', reason: 'Envoyer le devis' },
  ];

  it('says who and what in a line, links the conversation or the person, tags the event', () => {
    expect(events.map((event) => formatPush(event, { hideText: false }))).toEqual([
      {
        title: 'Nouvelle conversation',
        body: 'Visiteur · Allemand : « Guten Tag, ich suche ein Haus »',
        url: '/admin/conversations/session_1_ab',
        tag: 'conversation:session_1_ab',
      },
      { title: '3 messages non lus', body: 'Visiteur · Allemand : « Hallo? »', url: '/admin/conversations/session_1_ab', tag: 'unread:session_1_ab:9' },
      { title: 'Nouvelle demande', body: 'Anna Weber : « Bitte rufen Sie mich an »', url: '/admin/people/email%3Aanna%40example.com', tag: 'lead:12' },
      {
        title: 'Relance à faire',
        body: 'Visiteur · Allemand : Envoyer le devis',
        url: '/admin/people/chat%3Asession_1_ab',
        tag: 'follow-up:chat:session_1_ab:2026-12-01T05:00:00.000Z',
      },
    ]);
  });

  it('carries no message text when the operator hides it from the lock screen', () => {
    const bodies = events.map((event) => formatPush(event, { hideText: true }).body);
    expect(bodies).toEqual([
      'Nouveau message de Visiteur · Allemand',
      'Nouveau message de Visiteur · Allemand',
      'Nouvelle demande de Anna Weber',
      'Relance prévue : Visiteur · Allemand',
    ]);
  });
});

describe('a dossier’s push', () => {
  it('names the client and the item, opens the dossier, and says when the virus scan refused a file', () => {
    const upload: PushEvent = { kind: 'dossier', dossierId: 7, fileId: '31', who: 'Anna Weber', item: 'Passeport en cours de validité.', flagged: false };
    expect(formatPush(upload, { hideText: false })).toEqual({
      title: 'Nouveau document',
      body: 'Anna Weber : Passeport en cours de validité.',
      url: '/admin/dossiers/7',
      tag: 'dossier:7:31',
    });
    expect(formatPush({ ...upload, flagged: true }, { hideText: true })).toMatchObject({
      title: 'Document refusé par l’antivirus',
      body: 'Dossier de Anna Weber',
    });
  });
});

describe('push settings', () => {
  it('reads Retry-After in seconds or as a date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(undefined)).toBeNull();
  });

  it('takes the VAPID keys as a pair, checked, and the unread delay in seconds', () => {
    const publicKey = 'BDrNHrHxQ1BCRbv-uGwM4P60Pf7j7FEjurGCWhmRziVaWMNlimtjfyB88xbl0Kd8ZZbaTxXyReM3MEI-X24LDa8';
    const privateKey = 'FjhswbHbMhWIkaFsNQreI4wL6C-OLiJptMABn2RfRX0';
    expect(parseConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).push.vapidKeys).toEqual({ publicKey, privateKey });
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow('VAPID_PRIVATE_KEY:');
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: `A${privateKey.slice(1)}` })).toThrow('VAPID_PUBLIC_KEY: is not the public key');
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })).toThrow('VAPID_PUBLIC_KEY:');
    expect(() => parseConfig({ PUSH_UNREAD_DELAY: '-1' })).toThrow('PUSH_UNREAD_DELAY:');
    expect(parseConfig({}).push).toEqual({ unreadDelayMs: 30_000, vapidKeys: undefined, allowLoopback: false });
    expect(parseConfig({ PUSH_UNREAD_DELAY: '0', PUSH_ALLOW_LOOPBACK: '1' }).push).toMatchObject({ unreadDelayMs: 0, allowLoopback: true });
  });
});
