import { LOCALE_TAGS, type Locale } from '@/lib/i18n/routing';
import { localePath } from '@/lib/routes';
import { AGENCY } from '@/lib/agency';
import { SITE, absoluteUrl } from '@/lib/site';

type JsonLd = Record<string, unknown>;

const ORGANIZATION_ID = `${SITE.url}/#organization`;
const socialProfiles = AGENCY.identity.social.filter((profile) => !profile.example).map((profile) => profile.url);

export function organizationJsonLd(description: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': ORGANIZATION_ID,
    name: SITE.name,
    url: SITE.url,
    logo: absoluteUrl('/icon.svg'),
    description,
    // A placeholder (content/agency/identity.yaml `example: true`) is never stated to search engines.
    ...(SITE.contactExample.email ? {} : { email: SITE.contact.email }),
    ...(SITE.contactExample.phone ? {} : { telephone: SITE.contact.phone }),
    ...(SITE.contactExample.address
      ? {}
      : {
          address: {
            '@type': 'PostalAddress',
            streetAddress: SITE.contact.street,
            addressLocality: SITE.contact.city,
            postalCode: SITE.contact.postalCode,
            addressCountry: SITE.contact.country,
          },
        }),
    ...(socialProfiles.length > 0 ? { sameAs: socialProfiles } : {}),
    areaServed: { '@type': 'Country', name: 'Mauritius' },
  };
}

export function websiteJsonLd(locale: Locale, description: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${SITE.url}/#website`,
    url: absoluteUrl(localePath(locale)),
    name: SITE.name,
    description,
    inLanguage: LOCALE_TAGS[locale],
    publisher: { '@id': ORGANIZATION_ID },
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${absoluteUrl(localePath(locale, 'blog'))}?q={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function servicesJsonLd(locale: Locale, services: { name: string; description: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@graph': services.map((service) => ({
      '@type': 'Service',
      name: service.name,
      description: service.description,
      provider: { '@id': ORGANIZATION_ID },
      areaServed: { '@type': 'Country', name: 'Mauritius' },
      url: absoluteUrl(localePath(locale, 'services')),
      inLanguage: LOCALE_TAGS[locale],
    })),
  };
}

export function breadcrumbJsonLd(items: { label: string; href: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.label,
      item: absoluteUrl(item.href),
    })),
  };
}
