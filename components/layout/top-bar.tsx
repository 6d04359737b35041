import { Link } from '@/components/ui/link';
import { getTranslations } from 'next-intl/server';
import { ExampleMarker } from '@/components/home/example-marker';
import { Mail, MapPin, Phone } from '@/components/ui/icons';
import type { Locale } from '@/lib/i18n/routing';
import { localePath } from '@/lib/routes';
import { SITE, telUrl } from '@/lib/site';

// A placeholder contact detail (content/agency/identity.yaml) is shown marked where example
// content is on, and left out of a production page.
export async function TopBar({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'TopBar' });
  const tNav = await getTranslations({ locale, namespace: 'Nav' });
  const tAgency = await getTranslations({ locale, namespace: 'Agency' });
  const { phone, email, city } = SITE.contact;
  const example = SITE.contactExample;
  const shown = (isExample: boolean) => !isExample || SITE.showExampleContent;
  const marker = (isExample: boolean) => <ExampleMarker label={tAgency('example')} show={isExample} className="ml-1 inline-block" />;
  return (
    <aside aria-label={t('label')} className="hidden bg-ocean-900 text-sm text-white lg:block">
      <div className="mx-auto flex h-10 max-w-6xl items-center justify-between px-4">
        <ul className="flex items-center gap-6">
          {shown(example.phone) && (
            <li className="flex items-center">
              <a href={telUrl(phone)} className="flex items-center gap-2 hover:underline">
                <Phone aria-hidden="true" className="size-4" />
                {phone}
              </a>
              {marker(example.phone)}
            </li>
          )}
          {shown(example.email) && (
            <li className="flex items-center">
              <a href={`mailto:${email}`} className="flex items-center gap-2 hover:underline">
                <Mail aria-hidden="true" className="size-4" />
                {email}
              </a>
              {marker(example.email)}
            </li>
          )}
          {shown(example.address) && (
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4" />
              {city}
              {marker(example.address)}
            </li>
          )}
        </ul>
        <Link href={localePath(locale, 'contact')} className="font-semibold underline underline-offset-4 hover:no-underline">
          {tNav('planCall')}
        </Link>
      </div>
    </aside>
  );
}
