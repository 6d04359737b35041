import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SESSION_DAYS } from '@/lib/dossier/access';
import { pageFormatter } from '@/lib/i18n/format';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { resolveLocale } from '@/lib/i18n/page';
import { marketingMetadata } from '@/lib/seo';
import { SITE } from '@/lib/site';
import { atMauritianTime } from '@/lib/time/mauritius';

const POLICY_UPDATED = atMauritianTime('2026-12-01', 0)!;
const COLLECTED = ['chat', 'chatEmail', 'trail', 'contact', 'visa', 'console', 'dossier', 'technical'] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/privacy'>): Promise<Metadata> {
  return marketingMetadata(await resolveLocale(params), 'privacy', 'privacy');
}

export default async function PrivacyPage({ params }: PageProps<'/[locale]/privacy'>) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'Privacy' });
  const format = pageFormatter(locale);
  const sections = [
    { id: 'purpose', title: t('purpose.title'), paragraphs: [t('purpose.text')] },
    {
      id: 'storage',
      title: t('storage.title'),
      paragraphs: [t('storage.text', { chatDays: SITE.retention.chatDays, leadDays: SITE.retention.leadDays }), t('storage.deletion')],
    },
    { id: 'email', title: t('email.title'), paragraphs: [t('email.text')] },
    { id: 'cookies', title: t('cookies.title'), paragraphs: [t('cookies.text'), t('cookies.dossier', { days: SESSION_DAYS })] },
    { id: 'rights', title: t('rights.title'), paragraphs: [t('rights.text')] },
    { id: 'contact', title: t('contact.title'), paragraphs: [t('contact.text', { email: SITE.contact.email, via: SITE.contactVia })] },
  ];

  return (
    <>
      <Breadcrumb locale={locale} path="privacy" />
      <PageHeader title={t('title')} subtitle={t('intro', { name: SITE.name })}>
        <p className="mt-3 text-sm text-slate-600">{t('updated', { date: format.dateTime(POLICY_UPDATED, { dateStyle: 'long' }) })}</p>
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-10 px-4 text-slate-800">
        <section aria-labelledby="collected-title">
          <h2 id="collected-title" className="text-2xl font-semibold text-ocean-900">
            {t('collected.title')}
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-6">
            {COLLECTED.map((item) => (
              <li key={item}>{item === 'dossier' ? t('collected.dossier', { days: SITE.retention.dossierDays }) : t(`collected.${item}`)}</li>
            ))}
          </ul>
        </section>
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className="text-2xl font-semibold text-ocean-900">
              {section.title}
            </h2>
            {section.paragraphs.map((text) => (
              <p key={text} className="mt-4 leading-7">
                {text}
              </p>
            ))}
          </section>
        ))}
      </div>
    </>
  );
}
