import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { resolveLocale } from '@/lib/i18n/page';
import { marketingMetadata } from '@/lib/seo';
import { SITE } from '@/lib/site';

const MEMBERS = ['founder', 'immigration', 'relocation'] as const;
const TIMELINE = ['2014', '2016', '2018', '2020', '2022', '2024'] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/about'>): Promise<Metadata> {
  return marketingMetadata(await resolveLocale(params), 'about', 'about');
}

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('');
}

export default async function AboutPage({ params }: PageProps<'/[locale]/about'>) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'About' });
  const format = await getFormatter({ locale });
  const { familiesHelped, yearsExperience, satisfactionRate, countries, foundedYear } = SITE.figures;
  const stats = [
    { value: `${format.number(familiesHelped)}+`, label: t('stats.clients') },
    { value: `${format.number(yearsExperience)}+`, label: t('stats.years') },
    { value: format.number(satisfactionRate / 100, { style: 'percent' }), label: t('stats.success') },
    { value: `${format.number(countries)}+`, label: t('stats.countries') },
  ];

  return (
    <>
      <Breadcrumb locale={locale} path="about" />
      <PageHeader title={t('title')} subtitle={t('subtitle', { year: foundedYear })} />
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 md:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse rounded-xl bg-sand-50 p-6 text-center">
            <dt className="mt-1 text-sm text-slate-700">{stat.label}</dt>
            <dd className="text-3xl font-bold text-ocean-700">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="team-title" className="mx-auto max-w-6xl px-4 pt-16">
        <h2 id="team-title" className="text-3xl font-bold tracking-tight text-ocean-900">
          {t('team.title')}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {MEMBERS.map((member) => (
            <li key={member} className="rounded-xl border border-slate-200 p-6 shadow-sm">
              <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-ocean-700 text-xl font-bold text-white">
                {initials(t(`team.members.${member}.name`))}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ocean-900">{t(`team.members.${member}.name`)}</h3>
              <p className="text-sm font-medium text-coral-700">{t(`team.members.${member}.role`)}</p>
              <p className="mt-3 text-slate-700">{t(`team.members.${member}.bio`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="timeline-title" className="mx-auto max-w-6xl px-4 pt-16">
        <h2 id="timeline-title" className="text-3xl font-bold tracking-tight text-ocean-900">
          {t('timeline.title')}
        </h2>
        <ol className="mt-8 border-l-2 border-ocean-100 pl-6">
          {TIMELINE.map((year) => (
            <li key={year} className="relative pb-8 last:pb-0">
              <span aria-hidden="true" className="absolute top-1.5 -left-[33px] size-4 rounded-full border-4 border-white bg-ocean-700" />
              <p className="text-lg font-bold text-ocean-700">{year}</p>
              <p className="text-slate-700">{t(`timeline.events.${year}`)}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
