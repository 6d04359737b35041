import type { Locale } from '@/lib/i18n/routing';
import { PLAN_PATH } from '@/lib/plan/cache';
import type { VisaPlan } from '@/lib/plan/types';
import { localePath } from '@/lib/routes';

/** A plain GET form: the answers ride along hidden, so choosing a date works without JavaScript. */
export function PlanDateForm({ locale, plan, texts }: { locale: Locale; plan: VisaPlan; texts: { label: string; submit: string } }) {
  const hidden: [string, string | undefined][] = [
    ['nationality', plan.input.nationality],
    ['duration', plan.input.duration],
    ['work_status', plan.input.workStatus],
    ['work_context', plan.input.workStatus === 'Oui' ? plan.input.workContext : undefined],
    ['family', plan.input.family],
  ];
  return (
    <form method="get" action={localePath(locale, PLAN_PATH)} className="mt-6 flex flex-wrap items-end gap-3 rounded-lg bg-sand-50 p-4 print:hidden">
      {hidden.map(([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />)}
      <div>
        <label htmlFor="plan-arrival" className="block text-sm font-semibold text-slate-800">
          {texts.label}
        </label>
        <input
          id="plan-arrival"
          name="arrival"
          type="date"
          required
          defaultValue={plan.arrival ?? ''}
          className="mt-1 block min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-base"
        />
      </div>
      <button type="submit" className="inline-flex min-h-11 items-center rounded-lg bg-ocean-700 px-5 font-semibold text-white hover:bg-ocean-800">
        {texts.submit}
      </button>
    </form>
  );
}
