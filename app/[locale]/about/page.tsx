import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FigureList, agencyFigures } from '@/components/home/agency-figures';
import { ExampleMarker } from '@/components/home/example-marker';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { resolveLocale } from '@/lib/i18n/page';
import { marketingMetadata } from '@/lib/seo';
import { AGENCY } from '@/content/agency';
import { visibleEntries } from '@/lib/agency-schema';
import { SITE } from '@/lib/site';

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
  const tAgency = await getTranslations({ locale, namespace: 'Agency' });
  const show = SITE.showExampleContent;
  const figures = await agencyFigures(locale);
  const members = visibleEntries(AGENCY.team, show);
  const timeline = visibleEntries(AGENCY.timeline, show);
  const founded = AGENCY.foundedYear.example && !show ? null : AGENCY.foundedYear.value;

  return (
    <>
      <Breadcrumb locale={locale} path="about" />
      <PageHeader title={t('title')} subtitle={founded ? t('subtitle', { year: founded }) : t('subtitleUndated')} />
      {figures.length > 0 && (
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 md:grid-cols-4">
          <FigureList locale={locale} items={figures} itemClassName="flex flex-col-reverse rounded-xl bg-sand-50 p-6 text-center" />
        </dl>
      )}
      {members.length > 0 && (
      <section aria-labelledby="team-title" className="mx-auto max-w-6xl px-4 pt-16">
        <h2 id="team-title" className="text-3xl font-bold tracking-tight text-ocean-900">
          {t('team.title')}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {members.map(({ id: member, example }) => (
            <li key={member} data-example-entry={example ? '' : undefined} className="rounded-xl border border-slate-200 p-6 shadow-sm">
              <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-ocean-700 text-xl font-bold text-white">
                {initials(t(`team.members.${member}.name`))}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ocean-900">{t(`team.members.${member}.name`)}</h3>
              <p className="text-sm font-medium text-coral-700">{t(`team.members.${member}.role`)}</p>
              <p className="mt-3 text-slate-700">{t(`team.members.${member}.bio`)}</p>
              <ExampleMarker label={tAgency('example')} show={example} />
            </li>
          ))}
        </ul>
      </section>
      )}
      {timeline.length > 0 && (
      <section aria-labelledby="timeline-title" className="mx-auto max-w-6xl px-4 pt-16">
        <h2 id="timeline-title" className="text-3xl font-bold tracking-tight text-ocean-900">
          {t('timeline.title')}
        </h2>
        <ol className="mt-8 border-l-2 border-ocean-100 pl-6">
          {timeline.map(({ year, example }) => (
            <li key={year} className="relative pb-8 last:pb-0">
              <span aria-hidden="true" className="absolute top-1.5 -left-[33px] size-4 rounded-full border-4 border-white bg-ocean-700" />
              <p className="text-lg font-bold text-ocean-700">{year}</p>
              <p className="text-slate-700">{t(`timeline.events.${year}`)}</p>
              <ExampleMarker label={tAgency('example')} show={example} />
            </li>
          ))}
        </ol>
      </section>
      )}
      {show && <p className="mx-auto max-w-6xl px-4 pt-8 text-sm text-slate-600">{tAgency('exampleNote')}</p>}
    </>
  );
}
