import { getTranslations } from 'next-intl/server';
import { ClipboardList, MapPinned, ShieldCheck } from '@/components/ui/icons';
import { Section } from '@/components/ui/section';
import type { Locale } from '@/lib/i18n/routing';
import { AGENCY } from '@/lib/agency';

const ITEMS = [
  { key: 'local', Icon: MapPinned },
  { key: 'personal', Icon: ClipboardList },
  { key: 'followUp', Icon: ShieldCheck },
] as const;

export async function WhyUs({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Home.why' });
  return (
    <Section id="why-us" title={t('title')} subtitle={t('subtitle')}>
      <ul className="grid gap-6 md:grid-cols-3">
        {ITEMS.map(({ key, Icon }) => (
          <li key={key} className="rounded-xl border border-slate-200 p-6 shadow-sm">
            <Icon aria-hidden="true" className="size-10 rounded-lg bg-ocean-50 p-2 text-ocean-700" />
            <h3 className="mt-4 text-xl font-semibold text-ocean-900">{t(`items.${key}.title`)}</h3>
            <p className="mt-2 text-slate-700">{t(`items.${key}.description`, { hours: AGENCY.promises.planHours })}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
