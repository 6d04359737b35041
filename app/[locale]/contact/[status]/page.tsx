import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/ui/page-header';
import { resolveLocale } from '@/lib/i18n/page';
import { LOCALES } from '@/lib/i18n/routing';
import { CONTACT_STATUSES, localePath, type ContactStatus } from '@/lib/routes';
import { AGENCY } from '@/lib/agency';
import { SITE } from '@/lib/site';

export const dynamicParams = false;

export function generateStaticParams() {
  return LOCALES.flatMap((locale) => CONTACT_STATUSES.map((status) => ({ locale, status })));
}

async function statusOf(params: PageProps<'/[locale]/contact/[status]'>['params']) {
  const locale = await resolveLocale(params);
  const { status } = await params;
  return { locale, status: status as ContactStatus };
}

export async function generateMetadata({ params }: PageProps<'/[locale]/contact/[status]'>): Promise<Metadata> {
  const { locale, status } = await statusOf(params);
  const t = await getTranslations({ locale, namespace: 'Contact.status' });
  return { title: t(`${status}.title`), robots: { index: false, follow: true } };
}

// Where the contact form lands when the browser posted it without JavaScript.
export default async function ContactStatusPage({ params }: PageProps<'/[locale]/contact/[status]'>) {
  const { locale, status } = await statusOf(params);
  const t = await getTranslations({ locale, namespace: 'Contact.status' });
  return (
    <>
      <PageHeader
        title={t(`${status}.title`)}
        subtitle={t(`${status}.text`, { hours: AGENCY.promises.replyHours, email: SITE.contact.email, via: SITE.contactVia })}
      />
      <p className="mx-auto max-w-6xl px-4">
        <Link href={localePath(locale, 'contact')} className="font-semibold text-ocean-700 underline underline-offset-4">
          {t('back')}
        </Link>
      </p>
    </>
  );
}
