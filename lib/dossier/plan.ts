import 'server-only';
import { buildPlan } from '@/lib/plan/build';
import { mauritianDate } from '@/lib/time/mauritius';
import { visaInputSchema } from '@/lib/visa/schema';
import { findVisaProposal } from './queries';

/**
 * The relocation plan's dated steps (lib/plan) for the dossier's person, dated back from the
 * dossier's target date, when their visa result recommends the dossier's permit; else none.
 */
export async function planStepsFor({ personId, permit, targetDate, now = new Date() }: { personId: number; permit: string; targetDate: string; now?: Date }) {
  const proposal = await findVisaProposal({ personId });
  if (!proposal || proposal.permit !== permit) return [];
  const { nationality, duration, work_status, work_context, family } = proposal.answers;
  const input = visaInputSchema.safeParse({
    nationality,
    duration,
    workStatus: work_status,
    workContext: work_context ?? undefined,
    family: family ?? undefined,
  });
  if (!input.success) return [];
  const plan = buildPlan({ input: input.data, arrival: targetDate, today: mauritianDate(now), locale: 'fr' });
  return plan.steps.filter((step) => step.date.kind !== 'undated').map((step) => ({ id: step.id, title: step.title, date: step.dateText, fits: step.fits }));
}
