import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { SITE } from '@/lib/site';

const FIELD = 'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2.5 text-base text-slate-900 focus:border-ocean-700';
const LABEL = 'block text-sm font-semibold text-slate-800';

export async function ContactForm({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Contact.form' });
  return (
    <form aria-labelledby="contact-form-title" className="rounded-xl border border-slate-200 p-6 shadow-sm">
      <h2 id="contact-form-title" className="text-xl font-semibold text-ocean-900">
        {t('title')}
      </h2>
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className={LABEL}>{t('name')}</label>
          <input id="contact-name" name="name" type="text" autoComplete="name" required className={FIELD} />
        </div>
        <div>
          <label htmlFor="contact-email" className={LABEL}>{t('email')}</label>
          <input id="contact-email" name="email" type="email" autoComplete="email" required className={FIELD} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="contact-phone" className={LABEL}>{t('phone')}</label>
          <input id="contact-phone" name="phone" type="tel" autoComplete="tel" className={FIELD} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="contact-message" className={LABEL}>{t('message')}</label>
          <textarea id="contact-message" name="message" rows={5} required className={FIELD} />
        </div>
      </div>
      <p id="contact-pending" className="mt-4 text-sm text-slate-700">
        {t('pending', { email: SITE.contact.email })}
      </p>
      <button
        type="submit"
        disabled
        aria-describedby="contact-pending"
        className="mt-4 inline-flex min-h-12 items-center rounded-lg bg-coral-600 px-6 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60"
      >
        {t('send')}
      </button>
    </form>
  );
}
