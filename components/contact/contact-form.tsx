import { Link } from '@/components/ui/link';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { localePath } from '@/lib/routes';
import { AGENCY } from '@/lib/agency';
import { SITE } from '@/lib/site';
import { ContactFormClient, type ContactFormTexts } from './contact-form-client';

export async function ContactForm({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Contact.form' });
  const tStatus = await getTranslations({ locale, namespace: 'Contact.status' });
  const texts: ContactFormTexts = {
    title: t('title'),
    name: t('name'),
    email: t('email'),
    phone: t('phone'),
    optional: t('optional'),
    message: t('message'),
    honeypot: t('honeypot'),
    send: t('send'),
    sending: t('sending'),
    errors: {
      required: t('errors.required'),
      email: t('errors.email'),
      name: t('errors.name'),
      message: t('errors.message'),
      phone: t('errors.phone'),
      consent: t('errors.consent'),
    },
    toast: {
      successTitle: t('toast.successTitle'),
      success: t('toast.success', { hours: AGENCY.promises.replyHours }),
      errorTitle: t('toast.errorTitle'),
      error: t('toast.error', { email: SITE.contact.email, via: SITE.contactVia }),
      rateLimited: t('toast.rateLimited'),
      invalid: t('toast.invalid'),
    },
    sent: {
      title: tStatus('thanks.title'),
      text: tStatus('thanks.text', { hours: AGENCY.promises.replyHours }),
      again: t('sendAnother'),
    },
  };
  const consent = t.rich('consent', {
    link: (chunks) => (
      <Link href={localePath(locale, 'privacy')} className="font-semibold text-ocean-700 underline underline-offset-2">
        {chunks}
      </Link>
    ),
  });
  return <ContactFormClient locale={locale} texts={texts} consent={consent} />;
}
