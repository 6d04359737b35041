import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { AskLinkForm } from '@/components/dossier/ask-link-form';
import { ClientDossier } from '@/components/dossier/client-dossier';
import { config } from '@/lib/config';
import { dossierOfSession } from '@/lib/dossier/access';
import { sessionTokenIn } from '@/lib/dossier/client-session';
import { presentForClient } from '@/lib/dossier/present';
import { resolveLocale } from '@/lib/i18n/page';

// The client's own page: read from their cookie at each visit, never cached, never indexed.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/dossier'>): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'Dossier' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

export default async function DossierPage({ params }: PageProps<'/[locale]/dossier'>) {
  const locale = await resolveLocale(params);
  const dossierId = await dossierOfSession({ token: sessionTokenIn(await cookies()) });
  const dossier = dossierId === null ? null : await presentForClient({ dossierId, locale });
  if (!dossier) {
    const t = await getTranslations({ locale, namespace: 'Dossier' });
    return (
      <div className="mx-auto max-w-xl px-4 py-8">
        <AskLinkForm
          labels={{
            title: t('link.askTitle'),
            text: t('link.askText'),
            email: t('link.emailLabel'),
            send: t('link.send'),
            sent: t('link.sent'),
            error: t('errors.unavailable'),
            limited: t('link.rate_limited'),
          }}
        />
      </div>
    );
  }
  return (
    <ClientDossier locale={locale} dossier={dossier} maxMegabytes={Math.round(config.files.maxBytes / 1048576)} retentionDays={config.retention.dossierDays} />
  );
}
