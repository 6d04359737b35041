import { getFormatter, getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { SITE } from '@/lib/site';

/** A short value led by digits ("500+", "98 %", "24/7"), as opposed to a phrase. */
function isFigure(value: string): boolean {
  return /^\d/.test(value) && value.length <= 8;
}

export async function Stats({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Home.stats' });
  const format = await getFormatter({ locale });
  const { familiesHelped, satisfactionRate, yearsExperience } = SITE.figures;
  const stats = [
    { value: `${format.number(familiesHelped)}+`, label: t('families') },
    { value: format.number(satisfactionRate / 100, { style: 'percent' }), label: t('satisfaction') },
    { value: `${format.number(yearsExperience)}+`, label: t('experience') },
    { value: t('supportValue'), label: t('support') },
  ];
  return (
    <section aria-label={t('label')} className="border-b border-slate-200 bg-sand-50">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 text-center md:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} data-stat className="flex min-w-0 flex-col-reverse justify-end">
            <dt className="mt-1 text-sm text-slate-700">{stat.label}</dt>
            {/* A figure takes the big-number font; a phrase (e.g. round-the-clock support) stays text-sized on the same baseline. */}
            <dd className={`flex min-h-10 items-end justify-center font-bold break-words text-ocean-700 ${isFigure(stat.value) ? 'text-3xl' : 'text-base leading-snug sm:text-lg'}`}>
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
