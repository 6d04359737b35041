import { useTranslations } from 'next-intl';
import type { BackupStatusDto } from '@/lib/backup/status';
import { AGENCY_TIME_ZONE, mauritianDate } from '@/lib/time/mauritius';

const TIME = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: AGENCY_TIME_ZONE });
const WEEKDAY = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', timeZone: AGENCY_TIME_ZONE });
const DATE = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: AGENCY_TIME_ZONE });

/** "aujourd'hui", "hier", a weekday within the week, else a date; Mauritius calendar. */
function useDayName() {
  const t = useTranslations('AdminConsole.dashboard.backup');
  return (iso: string, now: Date) => {
    const at = new Date(iso);
    const days = Math.round((Date.parse(mauritianDate(now)) - Date.parse(mauritianDate(at))) / 86_400_000);
    if (days <= 0) return t('today');
    if (days === 1) return t('yesterday');
    return days < 7 ? WEEKDAY.format(at) : DATE.format(at);
  };
}

/** "Dernière sauvegarde : aujourd'hui 03:10 · restauration vérifiée : lundi" */
export function BackupStatus({ status, now = new Date() }: { status: BackupStatusDto; now?: Date }) {
  const t = useTranslations('AdminConsole.dashboard.backup');
  const dayName = useDayName();
  if (!status.configured)
    return (
      <p data-testid="backup-status" className="text-sm text-slate-700">
        {t('notConfigured')}
      </p>
    );
  const backup = status.lastBackupAt ? `${dayName(status.lastBackupAt, now)} ${TIME.format(new Date(status.lastBackupAt))}` : t('never');
  const verified = status.lastVerifiedAt ? dayName(status.lastVerifiedAt, now) : t('never');
  const failed = status.lastFailureAt
    ? ` · ${t('lastFailed', { when: `${dayName(status.lastFailureAt, now)} ${TIME.format(new Date(status.lastFailureAt))}` })}`
    : '';
  return (
    <p data-testid="backup-status" className={failed ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-700'}>
      {t('line', { backup, verified })}
      {failed}
    </p>
  );
}
