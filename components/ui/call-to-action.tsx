import { getTranslations } from 'next-intl/server';
import { localePath } from '@/lib/routes';
import type { Locale } from '@/lib/i18n/routing';
import { ButtonLink } from './button-link';

interface CallToActionProps {
  locale: Locale;
  title: string;
  text: string;
}

/** The closing band of a page: one button to the contact page, with the header button's words. */
export async function CallToAction({ locale, title, text }: CallToActionProps) {
  const tNav = await getTranslations({ locale, namespace: 'Nav' });
  return (
    <section aria-labelledby="cta-title" className="mx-auto mt-16 max-w-6xl px-4">
      <div className="rounded-2xl bg-ocean-800 px-6 py-12 text-center text-white sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-ocean-50">{text}</p>
        <ButtonLink href={localePath(locale, 'contact')} variant="inverse" className="mt-8">
          {tNav('planCall')}
        </ButtonLink>
      </div>
    </section>
  );
}
