import { describe, expect, it } from 'vitest';
import { escapeHtml, formatEmail } from '@/lib/notify/format-email';

const SITE = { siteUrl: 'https://maurice-expat.example' };
const chat = (content: string, firstOfConversation = false) => ({
  kind: 'chat_message' as const,
  session: { id: 'session_1_ab', locale: 'de', startPage: '/de' },
  message: { id: 5, content, createdAt: '2025-05-12T10:03:00.000Z' },
  firstOfConversation,
});

describe('formatEmail', () => {
  it('titles a first message as a new conversation, later ones as a chat message', () => {
    expect(formatEmail(chat('Hallo', true), SITE).subject).toBe('Nouvelle conversation : « Hallo »');
    expect(formatEmail(chat('Noch da?'), SITE).subject).toBe('Nouveau message de chat : « Noch da? »');
  });

  it('keeps the subject on one short line whatever the visitor typed', () => {
    const { subject } = formatEmail(chat(`ligne\r\nBcc: x@y.z\t${'a'.repeat(200)}`), SITE);
    expect(subject).not.toMatch(/[\r\n\t]/);
    expect(subject).toMatch(/^Nouveau message de chat : « ligne Bcc: x@y\.z a+… »$/);
    expect(subject.length).toBeLessThan(100);
  });

  it('writes the session details, the message and the console link in French', () => {
    const { text } = formatEmail(chat('Bonjour\nJe cherche un visa', true), SITE);
    expect(text).toContain('Session : session_1_ab\nLangue : de\nPage d’arrivée : /de\n');
    expect(text).toContain('Reçu le : 12 mai 2025 à 14:03 (heure de Maurice)');
    expect(text).toContain('Message :\nBonjour\nJe cherche un visa\n');
    expect(text).toContain('Console : https://maurice-expat.example/admin/conversations/');
  });

  it('escapes every user value in the HTML part', () => {
    const event = {
      kind: 'lead' as const,
      lead: { id: 1, name: '"><img src=x onerror=alert(1)>', email: 'a@b.c', message: "l'<i>a</i>", source: '<s>' },
    };
    const { html, text } = formatEmail(event, SITE);
    expect(html).not.toMatch(/<img|<i>|<s>/);
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('l&#39;&lt;i&gt;a&lt;/i&gt;');
    expect(text).not.toContain('Téléphone');
  });

  it('names the lead in the subject and lists the phone when given', () => {
    const event = {
      kind: 'lead' as const,
      lead: { id: 2, name: 'Anna Rossi', email: 'anna@example.it', phone: '+39 333', message: 'Ciao', source: 'contact_form', locale: 'it' },
    };
    const { subject, text } = formatEmail(event, SITE);
    expect(subject).toBe('Nouvelle demande de contact : Anna Rossi');
    expect(text).toContain('Nom : Anna Rossi\nE-mail : anna@example.it\nTéléphone : +39 333\nOrigine : contact_form\nLangue : it\n');
  });

  it('tells the operators of a file the virus scan refused, with the dossier and the signature only', () => {
    const event = { kind: 'dossier_flagged' as const, alert: { dossierId: 42, signature: 'Eicar-Signature', at: '2026-11-27T08:00:00.000Z' } };
    const { subject, text, html } = formatEmail(event, SITE);
    expect(subject).toBe("Alerte : un document refusé par l'antivirus (dossier n° 42)");
    expect(text).toContain('Dossier : n° 42');
    expect(text).toContain('Signature :\nEicar-Signature');
    expect(text).toContain('Console : https://maurice-expat.example/admin/dossiers/42');
    expect(html).toContain('href="https://maurice-expat.example/admin/dossiers/42"');
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
