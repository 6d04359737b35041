import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DossierView } from '@/components/admin/dossiers/dossier-view';
import { currentOperator } from '@/lib/auth/console-operator';
import { clientSessionsOf } from '@/lib/dossier/access';
import { currentRole } from '@/lib/auth/role-guard';
import { planStepsFor } from '@/lib/dossier/plan';
import { presentForOperator } from '@/lib/dossier/present';
import { dossierTexts } from '@/lib/dossier/texts';
import { idSchema, REFUSAL_REASONS } from '@/lib/dossier/types';
import { mauritianDateTime } from '@/lib/time/mauritius';

export const metadata: Metadata = { title: 'Dossier' };

export default async function DossierPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await currentOperator();
  if (!operator) return null;
  const id = idSchema.safeParse((await params).id);
  const dossier = id.success ? await presentForOperator({ dossierId: id.data }) : null;
  if (!dossier) notFound();
  const { t } = dossierTexts('fr');
  const reasons = Object.fromEntries(REFUSAL_REASONS.map((reason) => [reason, t(`reasons.${reason}`)]));
  const steps = await planStepsFor({ personId: dossier.personId, permit: dossier.permitId, targetDate: dossier.targetDateIso });
  const access = await clientSessionsOf({ dossierId: dossier.id });
  const sessions = { open: access.open, lastOpened: access.lastOpenedAt ? mauritianDateTime(access.lastOpenedAt) : null };
  const admin = (await currentRole(operator.operatorId)) === 'admin';
  return <DossierView dossier={dossier} reasons={reasons} steps={steps} sessions={sessions} admin={admin} />;
}
