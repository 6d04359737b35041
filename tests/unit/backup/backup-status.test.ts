import { createElement, type ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import messages from '@/messages/console/fr.json';
import { BackupStatus } from '@/components/admin/dashboard/backup-status';
import type { BackupStatusDto } from '@/lib/backup/status';

const render = (status: BackupStatusDto, now: string) =>
  renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      // The children go as the third argument, which the props' type does not know.
      { locale: 'fr', messages, timeZone: 'Indian/Mauritius' } as ComponentProps<typeof NextIntlClientProvider>,
      createElement(BackupStatus, { status, now: new Date(now) }),
    ),
  )
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'");

describe('the dashboard line on the backups', () => {
  // Wednesday 2 December 2026, 10:00 in Mauritius.
  const now = '2026-12-02T06:00:00Z';

  it('says when the last backup was taken and the last restore verified, in Mauritius days', () => {
    const status = { configured: true, lastBackupAt: '2026-12-01T23:10:00Z', lastVerifiedAt: '2026-11-30T00:30:00Z', lastFailureAt: null };
    expect(render(status, now)).toBe("Dernière sauvegarde : aujourd'hui 03:10 · restauration vérifiée : lundi");
  });

  it('says a failed attempt, never, and unconfigured backups', () => {
    const failed = { configured: true, lastBackupAt: '2026-11-30T23:10:00Z', lastVerifiedAt: null, lastFailureAt: '2026-12-01T23:10:00Z' };
    expect(render(failed, now)).toBe("Dernière sauvegarde : hier 03:10 · restauration vérifiée : aucune · la dernière tentative a échoué (aujourd'hui 03:10)");
    expect(render({ configured: false, lastBackupAt: null, lastVerifiedAt: null, lastFailureAt: null }, now)).toMatch(/^Sauvegardes non configurées/);
  });
});
