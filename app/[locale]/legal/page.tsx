import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { LEGAL, LEGAL_HAS_UNCONFIRMED, type LegalFact } from '@/lib/legal';
import { resolveLocale } from '@/lib/i18n/page';
import { marketingMetadata } from '@/lib/seo';
import { SITE, telUrl } from '@/lib/site';

export async function generateMetadata({ params }: PageProps<'/[locale]/legal'>): Promise<Metadata> {
  return marketingMetadata(await resolveLocale(params), 'legal', 'legal');
}

export default async function LegalPage({ params }: PageProps<'/[locale]/legal'>) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'Legal' });
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(SITE.contact.country) ?? SITE.contact.country;
  const address = `${SITE.contact.street}, ${SITE.contact.postalCode} ${SITE.contact.city}, ${country}`;
  // An unconfirmed fact is shown with its "example" mark where example content is shown
  // (development, SHOW_EXAMPLE_CONTENT=1), and is never stated in a production build.
  const shown = (fact: LegalFact, content: ReactNode = fact.value) =>
    !fact.example ? (
      content
    ) : SITE.showExampleContent ? (
      <>
        {content}
        <span className="ml-2 rounded bg-sand-100 px-1.5 py-0.5 text-xs font-semibold text-slate-800">{t('example')}</span>
      </>
    ) : (
      <span data-legal-pending className="text-slate-700 italic">
        {t('pending')}
      </span>
    );
  const sections = [
    {
      id: 'publisher',
      rows: [
        { label: t('companyName'), value: shown(LEGAL.companyName) },
        { label: t('legalForm'), value: shown(LEGAL.legalForm) },
        { label: t('address'), value: shown({ value: address, example: SITE.contactExample.address }) },
      ],
    },
    {
      id: 'registration',
      rows: [
        { label: t('register'), value: shown(LEGAL.registration.register) },
        { label: t('registrationNumber'), value: shown(LEGAL.registration.number) },
      ],
    },
    { id: 'director', rows: [{ label: t('name'), value: shown(LEGAL.director) }] },
    {
      id: 'host',
      rows: [
        { label: t('name'), value: shown(LEGAL.host.name) },
        { label: t('address'), value: shown(LEGAL.host.address) },
        { label: t('website'), value: shown(LEGAL.host.website) },
      ],
    },
    {
      id: 'contact',
      rows: [
        {
          label: t('email'),
          value: shown(
            { value: SITE.contact.email, example: SITE.contactExample.email },
            <a href={`mailto:${SITE.contact.email}`} className="text-ocean-800 underline">
              {SITE.contact.email}
            </a>,
          ),
        },
        {
          label: t('phone'),
          value: shown(
            { value: SITE.contact.phone, example: SITE.contactExample.phone },
            <a href={telUrl(SITE.contact.phone)} className="text-ocean-800 underline">
              {SITE.contact.phone}
            </a>,
          ),
        },
      ],
    },
  ] as const;

  return (
    <>
      <Breadcrumb locale={locale} path="legal" />
      <PageHeader title={t('title')} subtitle={t('intro', { name: SITE.name })} />
      <div className="mx-auto max-w-3xl space-y-10 px-4 text-slate-800">
        {LEGAL_HAS_UNCONFIRMED && <p className="rounded-lg bg-sand-50 p-4 text-sm">{SITE.showExampleContent ? t('exampleNote') : t('pendingNote')}</p>}
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`legal-${section.id}`}>
            <h2 id={`legal-${section.id}`} className="text-2xl font-semibold text-ocean-900">
              {t(`${section.id}.title`)}
            </h2>
            <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,12rem)_1fr]">
              {section.rows.map((row) => (
                <div key={row.label} className="contents">
                  <dt className="font-semibold">{row.label}</dt>
                  <dd className="break-words">{row.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </>
  );
}
