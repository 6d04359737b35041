import 'server-only';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { dossierHref } from '@/lib/console-app/views';
import { findVisaProposal, listDossiersOfPerson } from '@/lib/dossier/queries';
import { dossierTexts } from '@/lib/dossier/texts';
import { LOCALES } from '@/lib/i18n/routing';
import { mauritianDate } from '@/lib/time/mauritius';
import { getVisaOptionLabels, NATIONALITIES, PERMIT_IDS } from '@/lib/visa';
import { OpenDossierForm } from './open-dossier-form';

const LANGUAGE_NAMES = new Intl.DisplayNames(['fr'], { type: 'language' });

/** Six months from today: a first target date the operator corrects. */
const inSixMonths = () => mauritianDate(new Date(Date.now() + 182 * 86_400_000));

/** The person's dossiers on their page, and the form that opens one from their visa result. */
export async function PersonDossiers({ personKey, email, locale }: { personKey: string; email: string | null; locale: string | null }) {
  const personId = Number(personKey);
  const [dossiers, proposal] = Number.isSafeInteger(personId)
    ? await Promise.all([listDossiersOfPerson({ personId }), findVisaProposal({ personId })])
    : [[], null];
  const texts = dossierTexts('fr');
  const options = getVisaOptionLabels({ locale: 'fr' });
  const permit = proposal?.permit && (PERMIT_IDS as readonly string[]).includes(proposal.permit) ? proposal.permit : 'premium_visa';
  const nationality = proposal?.nationality && (NATIONALITIES as readonly string[]).includes(proposal.nationality) ? proposal.nationality : NATIONALITIES[0];
  const clientLocale = [proposal?.locale, locale].find((value) => value && (LOCALES as readonly string[]).includes(value)) ?? 'fr';
  return (
    <DossierList
      dossiers={dossiers.map((dossier) => ({
        id: Number(dossier.id),
        label: `${texts.permit(dossier.permit)} · ${texts.day(dossier.targetDate)}`,
        closed: Boolean(dossier.closedAt),
      }))}
    >
      <OpenDossierForm
        personKey={personKey}
        proposedPermit={proposal?.permit ? texts.permit(proposal.permit) : null}
        defaults={{
          permit,
          nationality,
          locale: clientLocale,
          targetDate: proposal?.arrival && /^\d{4}-\d{2}-\d{2}$/.test(proposal.arrival) ? proposal.arrival : inSixMonths(),
          email: email ?? proposal?.email ?? '',
        }}
        permits={PERMIT_IDS.map((id) => ({ id, label: texts.permit(id) }))}
        nationalities={NATIONALITIES.map((id) => ({ id, label: (options.nationalities as Record<string, string>)[id] ?? id }))}
        languages={LOCALES.map((id) => ({ id, label: LANGUAGE_NAMES.of(id) ?? id }))}
      />
    </DossierList>
  );
}

function DossierList({ dossiers, children }: { dossiers: { id: number; label: string; closed: boolean }[]; children: React.ReactNode }) {
  const t = useTranslations('AdminConsole.dossier');
  return (
    <section aria-labelledby="person-dossiers" className="space-y-2">
      <h3 id="person-dossiers" className="font-semibold text-ocean-900">
        {t('ofPerson')}
      </h3>
      {dossiers.length > 0 && (
        <ul className="space-y-1 text-sm">
          {dossiers.map((dossier) => (
            <li key={dossier.id}>
              <Link href={dossierHref(dossier.id)} className="font-medium text-ocean-800 underline">
                {dossier.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
