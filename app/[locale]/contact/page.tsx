import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CalendarDays, Clock, Mail, MapPin, MessageCircle, Phone } from '@/components/ui/icons';
import { BookingFrame } from '@/components/contact/booking-frame';
import { ExampleMarker } from '@/components/home/example-marker';
import { ContactForm } from '@/components/contact/contact-form';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { resolveLocale } from '@/lib/i18n/page';
import { config } from '@/lib/config';
import { openingHoursText } from '@/lib/office-hours/text';
import { marketingMetadata } from '@/lib/seo';
import { AGENCY } from '@/lib/agency';
import { SITE, telUrl, whatsappUrl } from '@/lib/site';

export async function generateMetadata({ params }: PageProps<'/[locale]/contact'>): Promise<Metadata> {
  return marketingMetadata(await resolveLocale(params), 'contact', 'contact');
}

const CARD = 'rounded-xl border border-slate-200 p-6 shadow-sm';
const CARD_TITLE = 'flex items-center gap-2 text-lg font-semibold text-ocean-900';

export default async function ContactPage({ params }: PageProps<'/[locale]/contact'>) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'Contact' });
  const { phone, email, street, city, postalCode } = SITE.contact;
  // Placeholder details (content/agency/identity.yaml) are shown marked in development, left out in production.
  const example = SITE.contactExample;
  const shown = (isExample: boolean) => !isExample || SITE.showExampleContent;
  const whatsapp = whatsappUrl();
  const hours = await openingHoursText(locale, config.officeHours);
  const hasDetails = shown(example.address) || shown(example.phone) || shown(example.email) || Boolean(hours);
  const tAgency = await getTranslations({ locale, namespace: 'Agency' });

  return (
    <>
      <Breadcrumb locale={locale} path="contact" />
      <PageHeader title={t('title')} subtitle={t('subtitle', { hours: AGENCY.promises.replyHours })} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <ContactForm locale={locale} />
        </div>
        <div className="space-y-6 lg:col-span-2">
          {whatsapp && (
            <section aria-labelledby="whatsapp-title" className={CARD}>
              <h2 id="whatsapp-title" className={CARD_TITLE}>
                <MessageCircle aria-hidden="true" className="size-5 text-ocean-700" />
                {t('whatsapp.title')}
              </h2>
              <p className="mt-2 text-slate-700">{t('whatsapp.text')}</p>
              <a
                href={whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-[#146c43] px-4 font-semibold text-white hover:bg-[#0f5132]"
              >
                {t('whatsapp.button')}
              </a>
            </section>
          )}
          <section aria-labelledby="booking-title" className={CARD}>
            <h2 id="booking-title" className={CARD_TITLE}>
              <CalendarDays aria-hidden="true" className="size-5 text-ocean-700" />
              {t('booking.title')}
            </h2>
            <p className="mt-2 text-slate-700">{t('booking.text', { minutes: AGENCY.promises.consultationMinutes })}</p>
            {SITE.bookingUrl ? (
              <>
                <BookingFrame url={SITE.bookingUrl} title={t('booking.frameTitle')} unavailable={t('booking.unavailable')} />
                <a
                  href={SITE.bookingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-3 inline-block text-sm font-semibold text-ocean-700 underline"
                >
                  {t('booking.open')}
                </a>
              </>
            ) : (
              <p className="mt-4 flex h-40 items-center justify-center rounded-lg border-2 border-dashed border-slate-300 bg-sand-50 p-4 text-center text-sm text-slate-700">
                {t('booking.placeholder')}
              </p>
            )}
          </section>
          {hasDetails && (
            <section aria-labelledby="details-title" className={CARD}>
              <h2 id="details-title" className={CARD_TITLE}>
                {t('details.title')}
              </h2>
              <dl className="mt-4 space-y-3 text-slate-800">
                {shown(example.address) && (
                  <div className="flex gap-3">
                    <dt>
                      <MapPin aria-hidden="true" className="size-5 text-ocean-700" />
                      <span className="sr-only">{t('details.address')}</span>
                    </dt>
                    <dd>
                      {street}, {postalCode} {city} <ExampleMarker label={tAgency('example')} show={example.address} className="inline-block" />
                    </dd>
                  </div>
                )}
                {hours && (
                  <div className="flex gap-3" data-testid="contact-hours">
                    <dt>
                      <Clock aria-hidden="true" className="size-5 text-ocean-700" />
                      <span className="sr-only">{tAgency('hoursLabel')}</span>
                    </dt>
                    <dd>{hours}</dd>
                  </div>
                )}
                {shown(example.phone) && (
                  <div className="flex gap-3">
                    <dt>
                      <Phone aria-hidden="true" className="size-5 text-ocean-700" />
                      <span className="sr-only">{t('details.phone')}</span>
                    </dt>
                    <dd>
                      <a href={telUrl(phone)} className="underline-offset-4 hover:underline">
                        {phone}
                      </a>{' '}
                      <ExampleMarker label={tAgency('example')} show={example.phone} className="inline-block" />
                    </dd>
                  </div>
                )}
                {shown(example.email) && (
                  <div className="flex gap-3">
                    <dt>
                      <Mail aria-hidden="true" className="size-5 text-ocean-700" />
                      <span className="sr-only">{t('details.email')}</span>
                    </dt>
                    <dd>
                      <a href={`mailto:${email}`} className="underline-offset-4 hover:underline">
                        {email}
                      </a>{' '}
                      <ExampleMarker label={tAgency('example')} show={example.email} className="inline-block" />
                    </dd>
                  </div>
                )}
              </dl>
            </section>
          )}
        </div>
      </div>
    </>
  );
}
